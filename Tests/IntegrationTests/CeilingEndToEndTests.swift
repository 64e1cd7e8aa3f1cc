import Testing
import Wire

/// The ceiling ops through the real gateway and `reckon-calc`.
@Suite struct CeilingEndToEndTests {
    @Test func menuWalksFromTheRootToAProduct() async throws {
        try await withLocalStack { stack in
            let root = try await stack.call("calc", "ceiling.menu", [:])
            let families = root["children"]?.arrayValue ?? []
            #expect(families.count == 7)
            let regal = try await stack.call("calc", "ceiling.menu", ["node": "kwikloc_regal"])
            let products = regal["children"]?.arrayValue ?? []
            #expect(products.contains { $0["id"] == "regal_600x600" && $0["leaf"] == true })
        }
    }

    @Test func inputsDescribeTheForm() async throws {
        try await withLocalStack { stack in
            let form = try await stack.call("calc", "ceiling.inputs", ["product": "regal_600x600"])
            let drop = form["inputs"]?.arrayValue?.first { $0["name"] == "drop_m" }
            #expect(drop?["required"] == true)
            #expect(drop?["min"] == "0.1" && drop?["max"] == "10")
        }
    }

    @Test func estimateMatchesWorkedExampleOne() async throws {
        try await withLocalStack { stack in
            let result = try await stack.call(
                "calc",
                "ceiling.estimate",
                [
                    "product": "regal_600x600",
                    "inputs": ["length_m": "8.4", "width_m": 6, "drop_m": "0.8", "spare_tiles": 4],
                ]
            )
            let quantities = (result["components"]?.arrayValue ?? []).map {
                ($0["code"]?.stringValue ?? "", $0["quantity"] ?? .null)
            }
            // ceiling.md section 6, example 1.
            let expected: [(String, JSONValue)] = [
                ("main_tee", 12), ("cross_tee_1200", 70), ("cross_tee_600", 70), ("tiles", 144),
                ("suspension_clip", 35), ("anchor_clip", 35), ("hanging_rod", 12), ("wall_angle", 8),
            ]
            #expect(quantities.map(\.0) == expected.map(\.0))
            #expect(quantities.map(\.1) == expected.map(\.1))
            #expect(result["areaM2"] == "50.4" && result["perimeterM"] == "28.8")
        }
    }

    @Test func badInputsComeBackAsOneTypedDetailEach() async throws {
        try await withLocalStack { stack in
            let error = try await #require(throws: WireError.self) {
                try await stack.call(
                    "calc",
                    "ceiling.estimate",
                    ["product": "regal_1200x1200", "inputs": ["area_m2": 50, "drop_m": "0.05", "t_spline": true]]
                )
            }
            #expect(error.code == .invalidArgument)
            let details = error.details ?? []
            #expect(details.map(\.field) == ["inputs.t_spline", "inputs.drop_m"])
            #expect(details.map(\.code.rawValue) == ["requires_option", "out_of_range"])
            #expect(details.last?.message == "Length Drop must be between 0.1 and 10")

            let missing = try await #require(throws: WireError.self) {
                try await stack.call("calc", "ceiling.inputs", ["product": "kwikloc_gold"])
            }
            #expect(missing.code == .notFound && missing.field == "product")
        }
    }
}
