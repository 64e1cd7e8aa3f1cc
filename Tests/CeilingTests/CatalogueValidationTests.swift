import Ceiling
import Foundation
import Testing

/// A change to the bundled catalogue that breaks one rule, and a fragment of the message that must name it.
struct CatalogueMutation: Sendable, CustomTestStringConvertible {
    let name: String
    let fragment: String
    let apply: @Sendable (inout [String: Any]) -> Void

    var testDescription: String { name }
}

/// Applies `change` to the object at `path` (keys, or array indexes as strings) inside `json`.
func edit(_ json: inout [String: Any], _ path: [String], _ change: (inout [String: Any]) -> Void) {
    guard let key = path.first else { return change(&json) }
    if var object = json[key] as? [String: Any] {
        edit(&object, Array(path.dropFirst()), change)
        json[key] = object
    } else if var array = json[key] as? [Any], let index = Int(path[1]), var object = array[index] as? [String: Any] {
        edit(&object, Array(path.dropFirst(2)), change)
        array[index] = object
        json[key] = array
    }
}

@Suite struct CatalogueValidationTests {
    static let mutations: [CatalogueMutation] = [
        .init(name: "unknown term kind", fragment: "terms[0].kind") {
            edit(&$0, ["templates", "exposed_600x600", "lines", "0", "terms", "0"]) { $0["kind"] = "per_room" }
        },
        .init(name: "per_line refers to a later line", fragment: "'wall_angle' is not an earlier line") {
            edit(&$0, ["templates", "exposed_600x600", "lines", "5", "terms", "0"]) { $0["line"] = "wall_angle" }
        },
        .init(name: "role bound to no product", fragment: "role 'tile' (line tiles) is bound to no product") {
            edit(&$0, ["tree", "children", "0", "children", "2", "products"]) { $0["tile"] = nil }
        },
        .init(name: "unknown product", fragment: "unknown product 'tile.9x9'") {
            edit(&$0, ["tree", "children", "0", "children", "2", "products"]) { $0["tile"] = "tile.9x9" }
        },
        .init(name: "binding a role no line uses", fragment: "no line of template 'exposed_600x600' uses this role") {
            edit(&$0, ["tree", "children", "0", "children", "2", "products"]) { $0["spare_role"] = "tile.600x600" }
        },
        .init(name: "condition on an unknown input", fragment: "unknown input 'troffers'") {
            edit(&$0, ["templates", "exposed_600x600", "lines", "1", "terms", "1", "when", "0"]) {
                $0["input"] = "troffers"
            }
        },
        .init(name: "condition value of the wrong type", fragment: "'1' is not a possible value of troffers_1200x300") {
            edit(&$0, ["templates", "exposed_600x600", "lines", "1", "terms", "1", "when", "0"]) { $0["equals"] = 1 }
        },
        .init(name: "step table short of the input's range", fragment: "the last step ends at 7") {
            edit(&$0, ["step_tables", "rods_per_suspension_point"]) {
                $0["steps"] = Array(($0["steps"] as? [Any] ?? []).dropLast())
            }
        },
        .init(name: "missing leaf parameter", fragment: "needs parameter 'fc_spacing_m'") {
            edit(&$0, ["tree", "children", "5", "children", "0", "params"]) { $0["fc_spacing_m"] = nil }
        },
        .init(name: "duplicate node id", fragment: "id 'regal_600x600' is used twice") {
            edit(&$0, ["tree", "children", "0", "children", "3"]) { $0["id"] = "regal_600x600" }
        },
        .init(name: "length product without a stock length", fragment: "needs stock_length_m") {
            edit(&$0, ["products", "regal.main_tee_3600"]) { $0["stock_length_m"] = nil }
        },
        .init(name: "default above max", fragment: "the default is above max") {
            edit(&$0, ["inputs", "variance_pct"]) { $0["default"] = 11 }
        },
        .init(name: "group default not a member", fragment: "the default 'tile_1500x500' is no member") {
            edit(&$0, ["templates", "module_1200", "choice_groups", "0"]) { $0["default"] = "tile_1500x500" }
        },
        .init(name: "requires rule on a number", fragment: "'drop_m' is not a yes/no input") {
            edit(&$0, ["templates", "module_1200", "validations", "0"]) { $0["then"] = "drop_m" }
        },
        .init(name: "menu without children", fragment: "a menu needs children") {
            edit(&$0, ["tree", "children", "0"]) { $0["children"] = [Any]() }
        },
        .init(name: "spares from a number that is not whole", fragment: "add_input 'drop_m'") {
            edit(&$0, ["templates", "exposed_600x600", "lines", "3"]) { $0["add_input"] = "drop_m" }
        },
    ]

    @Test func bundledCatalogueLoads() throws {
        let loaded = try CeilingCatalogue.bundled()
        #expect(loaded.version == "1.0.0")
        #expect(loaded.leafIDs.count == 23)
    }

    @Test(arguments: mutations)
    func rejectsBrokenCatalogue(_ mutation: CatalogueMutation) throws {
        var json = try Self.bundledJSON()
        mutation.apply(&json)
        let data = try JSONSerialization.data(withJSONObject: json)
        let error = try #require(throws: CeilingError.self) { try CeilingCatalogue(data: data) }
        #expect(error.code == .invalidCatalogue)
        #expect(error.message.contains(mutation.fragment), "\(error.message)")
    }

    @Test func rejectsTextThatIsNotJSON() throws {
        let error = try #require(throws: CeilingError.self) { try CeilingCatalogue(data: Data("{".utf8)) }
        #expect(error.code == .invalidCatalogue)
    }

    @Test func loadsAnOverrideFileAndNamesAMissingOne() throws {
        let copy = FileManager.default.temporaryDirectory.appending(path: "ceiling-\(UUID().uuidString).json")
        try FileManager.default.copyItem(at: try #require(CeilingCatalogue.bundledURL), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        #expect(try CeilingCatalogue(contentsOf: copy).leafIDs == catalogue.leafIDs)

        let missing = copy.appending(path: "absent")
        let error = try #require(throws: CeilingError.self) { try CeilingCatalogue(contentsOf: missing) }
        #expect(error.code == .invalidCatalogue)
        #expect(error.message.contains(missing.path))
    }

    private static func bundledJSON() throws -> [String: Any] {
        let data = try Data(contentsOf: try #require(CeilingCatalogue.bundledURL))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
