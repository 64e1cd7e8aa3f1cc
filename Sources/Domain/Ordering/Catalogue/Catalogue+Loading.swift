import Foundation

extension Catalogue {
    /// The URL of the sample menu shipped with this library (`Data/menu.json`).
    public static var bundledURL: URL? {
        Bundle.module.url(forResource: "menu", withExtension: "json", subdirectory: "Data")
    }

    /// Loads the sample menu shipped with this library.
    /// - Throws: ``OrderingError`` with code ``OrderingError/Code/invalidCatalogue``.
    public static func bundled() throws -> Catalogue {
        guard let url = bundledURL else {
            throw OrderingError(.invalidCatalogue, "the bundled menu.json is missing from the resources")
        }
        return try load(contentsOf: url)
    }

    /// Loads and checks a menu file, e.g. one an operator supplies instead of the bundled one.
    ///
    /// Problems name the file by its last path component.
    /// - Parameter url: The file to read.
    /// - Returns: The catalogue, only when the whole file is valid.
    /// - Throws: ``OrderingError`` with code ``OrderingError/Code/invalidCatalogue`` listing every problem.
    public static func load(contentsOf url: URL) throws -> Catalogue {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw OrderingError(.invalidCatalogue, "cannot read menu \(url.path): \(error.localizedDescription)")
        }
        return try decode(data, fileName: url.lastPathComponent)
    }

    /// Parses and checks a menu held in memory.
    ///
    /// The whole file is checked before anything is built, and every problem is reported with the file name and a
    /// JSON path; a bad file never yields part of a catalogue.
    /// - Parameters:
    ///   - data: The menu as JSON.
    ///   - fileName: The name problems start with.
    /// - Returns: The catalogue, only when the whole file is valid.
    /// - Throws: ``OrderingError`` with code ``OrderingError/Code/invalidCatalogue`` listing every problem.
    public static func decode(_ data: Data, fileName: String = "menu.json") throws -> Catalogue {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            let problem = OrderingError.Problem(
                file: fileName,
                field: "",
                code: .wrongType,
                message: "not valid JSON"
            )
            throw OrderingError(.invalidCatalogue, "\(fileName) is not valid JSON", problems: [problem])
        }
        var reader = MenuReader(file: fileName)
        let catalogue = reader.catalogue(from: json)
        guard let catalogue, reader.problems.isEmpty else {
            throw OrderingError(
                .invalidCatalogue,
                "\(fileName) has \(reader.problems.count) problem(s)",
                problems: reader.problems
            )
        }
        return catalogue
    }
}
