import Wire

/// `records.save`: runs a calc op and keeps its result, with a title, the op and its arguments.
public enum RecordsSaveOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "records.save"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.write
    public static let summary = "Runs a calc op (tax, loan, ceiling, ...) and saves the result with a title"
    public static let refusals = [
        OpRefusal(.invalidArgument, field: "args", "U+0000 in any string or member name inside args, kept as given"),
        OpRefusal(.invalidArgument, field: "op", "an op calc does not have"),
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["title", "op"],
        "properties": [
            "title": ["type": "string", "minLength": 1, "maxLength": 200],
            "op": ["type": "string", "description": "a calc op, e.g. tax.estimate, amortization, ceiling.estimate"],
            "args": ["type": "object", "description": "the op's arguments; tax ops default to the profile"],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var title: String
        public var op: String
        public var args: JSONValue?
        public init(title: String, op: String, args: JSONValue? = nil) {
            self.title = title
            self.op = op
            self.args = args
        }
    }
    public typealias Result = RecordView
}

/// Arguments naming a saved record.
public struct RecordRefArgs: Codable, Sendable, Hashable {
    public var recordId: String
    public init(recordId: String) { self.recordId = recordId }
}

/// `records.get`: one saved record, whole.
public enum RecordsGetOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "records.get"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.read
    public static let summary = "One saved calculation with its arguments and result"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["recordId"], "properties": ["recordId": LedgerOps.id],
    ]
    public typealias Args = RecordRefArgs
    public typealias Result = RecordView
}

/// `records.delete`: forgets a saved record.
public enum RecordsDeleteOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "records.delete"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.write
    public static let summary = "Deletes a saved calculation"
    public static let argsSchema = RecordsGetOp.argsSchema
    public typealias Args = RecordRefArgs
    public typealias Result = Done
}

/// `records.list`: the caller's saved records, newest first, without their results.
public enum RecordsListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "records.list"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.read
    public static let summary = "The signed-in user's saved calculations, newest first, optionally of one op"
    public static let argsSchema: JSONValue = [
        "type": "object", "properties": ["op": ["type": "string"]],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var op: String?
        public init(op: String? = nil) { self.op = op }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var records: [RecordSummary]
        public init(records: [RecordSummary]) { self.records = records }
    }
}

/// `records.rerun`: runs a saved record's op and arguments again against today's data (tax tables, rates,
/// catalogue and profile), and says whether the result changed; `update` saves the new result.
public enum RecordsRerunOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "records.rerun"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.write
    public static let summary = "Runs a saved calculation again with today's data; update: true keeps the new result"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["recordId"],
        "properties": ["recordId": LedgerOps.id, "update": ["type": "boolean"]],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var recordId: String
        public var update: Bool?
        public init(recordId: String, update: Bool? = nil) {
            self.recordId = recordId
            self.update = update
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        /// The record, with the new result when `update` was set.
        public var record: RecordView
        public var result: JSONValue
        public var changed: Bool
        public init(record: RecordView, result: JSONValue, changed: Bool) {
            self.record = record
            self.result = result
            self.changed = changed
        }
    }
}

/// A saved calculation.
public struct RecordView: Codable, Sendable, Hashable {
    public var recordId: String
    public var title: String
    public var op: String
    /// The arguments as given.
    public var args: JSONValue
    public var result: JSONValue
    /// When the result was computed (ISO 8601 UTC).
    public var computedAt: String
    public var createdAt: String
    public init(
        recordId: String,
        title: String,
        op: String,
        args: JSONValue,
        result: JSONValue,
        computedAt: String,
        createdAt: String
    ) {
        self.recordId = recordId
        self.title = title
        self.op = op
        self.args = args
        self.result = result
        self.computedAt = computedAt
        self.createdAt = createdAt
    }
}

/// A saved calculation in a listing.
public struct RecordSummary: Codable, Sendable, Hashable {
    public var recordId: String
    public var title: String
    public var op: String
    public var computedAt: String
    public init(recordId: String, title: String, op: String, computedAt: String) {
        self.recordId = recordId
        self.title = title
        self.op = op
        self.computedAt = computedAt
    }
}
