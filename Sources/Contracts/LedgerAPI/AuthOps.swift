import Wire

/// `auth.signup`: creates an account.
public enum AuthSignupOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "auth.signup"
    public static let access = OpAccess.anyone
    public static let effect = OpEffect.write
    public static let summary = "Creates an account (username 3-32 of a-z 0-9 . _ -, password 8-256 characters)"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["username", "password"],
        "properties": [
            "username": LedgerOps.username, "password": LedgerOps.password,
            "displayName": [
                "type": "string", "minLength": 1, "maxLength": 64, "pattern": .string(JSONSchema.notBlankPattern),
            ],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var username: String
        public var password: String
        public var displayName: String?
        public init(username: String, password: String, displayName: String? = nil) {
            self.username = username
            self.password = password
            self.displayName = displayName
        }
    }
    public typealias Result = UserView
}

/// `auth.login`: a session token for a username and password.
public enum AuthLoginOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "auth.login"
    public static let access = OpAccess.anyone
    public static let effect = OpEffect.write
    public static let summary = "Signs in: a session token and when it expires (failures are rate-limited)"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["username", "password"],
        "properties": ["username": LedgerOps.username, "password": LedgerOps.password],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var username: String
        public var password: String
        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var token: String
        /// ISO 8601, UTC.
        public var expiresAt: String
        public var user: UserView
        public init(token: String, expiresAt: String, user: UserView) {
            self.token = token
            self.expiresAt = expiresAt
            self.user = user
        }
    }
}

/// `auth.logout`: revokes the request's session token.
public enum AuthLogoutOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "auth.logout"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.write
    public static let summary = "Revokes the session token the request carries"
    public static let argsSchema: JSONValue = ["type": "object"]
    public typealias Args = NoArgs
    public typealias Result = Done
}

/// `auth.changePassword`: sets a new password and revokes every other session of the user.
public enum AuthChangePasswordOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "auth.changePassword"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.write
    public static let summary = "Changes the password (the old one is required) and signs out every other session"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["oldPassword", "newPassword"],
        "properties": ["oldPassword": LedgerOps.password, "newPassword": LedgerOps.password],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var oldPassword: String
        public var newPassword: String
        public init(oldPassword: String, newPassword: String) {
            self.oldPassword = oldPassword
            self.newPassword = newPassword
        }
    }
    public typealias Result = Done
}

/// `auth.me`: the signed-in user.
public enum AuthMeOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "auth.me"
    public static let access = OpAccess.signedIn
    public static let effect = OpEffect.read
    public static let summary = "The user the token belongs to"
    public static let argsSchema: JSONValue = ["type": "object"]
    public typealias Args = NoArgs
    public typealias Result = UserView
}

/// A user as others see them.
public struct UserView: Codable, Sendable, Hashable {
    public var userId: String
    public var username: String
    public var displayName: String

    /// Creates the value.
    public init(userId: String, username: String, displayName: String) {
        self.userId = userId
        self.username = username
        self.displayName = displayName
    }
}

/// The answer of an op that only acts: `{"done": true}` plus how many things it changed where that says more.
public struct Done: Codable, Sendable, Hashable {
    public var done: Bool
    /// Other sessions revoked (`auth.changePassword`).
    public var sessionsRevoked: Int?

    /// Creates the value.
    public init(sessionsRevoked: Int? = nil) {
        self.done = true
        self.sessionsRevoked = sessionsRevoked
    }
}
