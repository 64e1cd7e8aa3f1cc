import Calculator
import Ceiling
import Foundation
import Testing

@Suite struct NavigationTests {
    @Test func rootListsTheProductFamilies() throws {
        let menu = try catalogue.menu()
        #expect(menu.node.id == "root")
        #expect(menu.path.isEmpty)
        #expect(
            menu.children.map(\.title) == [
                "KWIKLOC Regal", "KWIKLOC Premium", "KWIKLOC Corporate", "KWIKLOC ONE WAY", "KWIKLOC SEISMIC",
                "STUDFORM CEILING", "KLIK STEEL",
            ]
        )
        #expect(menu.children.allSatisfy { !$0.isLeaf })
    }

    @Test func walkingTheMenusReachesEveryProductOnce() throws {
        var found: [String] = []
        func walk(_ id: String?) throws {
            let menu = try catalogue.menu(at: id)
            for child in menu.children {
                if child.isLeaf { found.append(child.id) } else { try walk(child.id) }
            }
        }
        try walk(nil)
        #expect(found == catalogue.leafIDs)
    }

    @Test func oneWayIsThreeLevelsDeep() throws {
        let menu = try catalogue.menu(at: "oneway_tbar24_1350x450")
        #expect(menu.path.map(\.id) == ["kwikloc_oneway", "oneway_tbar24", "oneway_tbar24_1350x450"])
        #expect(menu.node.isLeaf)
        #expect(menu.children.isEmpty)
        #expect(menu.node.subtitle == "Tile Size/Module")
    }

    @Test func unknownNodeIsNotFound() throws {
        let error = try #require(throws: CeilingError.self) { try catalogue.menu(at: "kwikloc_gold") }
        #expect(error.code == .notFound)
        #expect(error.field == "node")
    }

    @Test func formListsRoomThenOptions() throws {
        let form = try catalogue.form(for: "regal_600x600")
        #expect(
            form.inputs.map(\.name) == [
                "length_m", "width_m", "area_m2", "perimeter_m", "troffers_1200x300", "drop_m", "spare_tiles",
                "variance_pct",
            ]
        )
        let byName = Dictionary(uniqueKeysWithValues: form.inputs.map { ($0.name, $0) })
        #expect(byName["drop_m"]?.required == true)
        #expect(byName["drop_m"]?.min?.decimalText == "0.1" && byName["drop_m"]?.max?.decimalText == "10")
        #expect(byName["length_m"]?.required == false)
        #expect(byName["spare_tiles"]?.integer == true && byName["spare_tiles"]?.default == .number(.zero))
        #expect(byName["troffers_1200x300"]?.type == .boolean && byName["troffers_1200x300"]?.default == .bool(false))
        #expect(form.geometry == [["length_m", "width_m"], ["area_m2", "perimeter_m"], ["area_m2"]])
        #expect(form.path.map(\.title) == ["KWIKLOC Regal", "600 X 600"])
    }

    @Test func formShowsOptionsThatExcludeOrNeedEachOther() throws {
        let form = try catalogue.form(for: "corporate_1500")
        let byName = Dictionary(uniqueKeysWithValues: form.inputs.map { ($0.name, $0) })
        #expect(byName["tile_1500x500"]?.excludes == ["tile_1500x300"])
        #expect(byName["tile_1500x300"]?.excludes == ["tile_1500x500"])
        #expect(byName["tile_1500x500"]?.default == .bool(true))
        #expect(byName["tile_1500x300"]?.group == "tile_size")
        #expect(form.rules.contains { $0.kind == "one_of" && $0.fields == ["tile_1500x500", "tile_1500x300"] })
        #expect(form.rules.contains { $0.kind == "requires" && $0.fields == ["t_spline", "c_spline"] })
    }

    @Test func formOffersBoardSheetsAsAChoice() throws {
        let form = try catalogue.form(for: "concealed_fc600")
        let sheet = try #require(form.inputs.first { $0.name == "board_sheet" })
        #expect(sheet.type == .choice)
        #expect(sheet.choices.map(\.value) == ["1200x2400", "1200x3000", "1200x3600", "1200x4800", "1200x6000"])
        #expect(sheet.default == .text("1200x3600"))
        #expect(!form.inputs.contains { $0.name == "spare_tiles" })
    }

    @Test func formOfAMenuIsRefused() throws {
        let error = try #require(throws: CeilingError.self) { try catalogue.form(for: "kwikloc_regal") }
        #expect(error.code == .notALeaf)
        #expect(error.field == "product")
    }
}
