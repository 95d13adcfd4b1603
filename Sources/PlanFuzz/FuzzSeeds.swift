import Foundation

/// What the mutation pass starts from, read from plan's repository the way
/// Fuzz/run.sh seeds libFuzzer: the examples, the tests' files, Fuzz/seeds,
/// the shared corpus when it is beside the repository, each target's
/// regression inputs, and its dictionary (`Fuzz/dict`).
public struct FuzzSeeds: Sendable {
    public let repository: URL
    public var regressions: URL { repository.appendingPathComponent("Tests/PlanFuzzTests/FuzzRegressions") }
    /// A file larger than this is no seed (as in Fuzz/run.sh).
    public static let maxFileBytes = 1_048_576

    public init(repository: URL) {
        self.repository = repository
    }

    /// The seeds of `target`, in a fixed order.
    public func seeds(_ target: FuzzTarget) -> [[UInt8]] {
        var seeds: [[UInt8]]
        switch target {
        case .importer:
            let shared = repository.deletingLastPathComponent().appendingPathComponent("shared/ics-corpus/ics").path
            seeds = files(in: shared) { _ in true } + files(in: "Examples") { $0.hasSuffix(".ics") } + files(in: "Tests") { $0.hasSuffix(".ics") }
        case .rpc:
            seeds = rpcSessions()
        case .schedule:
            seeds = scheduleRequests()
        case .catalog:
            let catalogFiles = "Tests/PlanProtocolTests/CatalogFiles"
            seeds = files(in: "Examples") { $0.hasPrefix("catalog-") }
                + files(in: catalogFiles) { $0.hasSuffix(".json") || $0.hasSuffix(".tsv") }
                + files(in: "Tests/PlanCLITests/Courses") { $0.hasSuffix(".json") }
            // The same files again behind the byte that picks their reader (see CatalogEntry).
            seeds += (files(in: "Examples") { $0.hasPrefix("catalog-") && $0.hasSuffix(".csv") } + files(in: catalogFiles) { $0.hasSuffix(".tsv") }).map { [2] + $0 }
            seeds += (files(in: "Examples") { $0 == "catalog-umdio.json" } + files(in: catalogFiles) { $0.hasPrefix("umdio") }).map { [3] + $0 }
        case .multistatus:
            seeds = files(in: "Fuzz/seeds/multistatus") { $0.hasSuffix(".xml") }
        case .mail, .invitation:
            // Both read what `plan group reply` is given: the same messages seed them.
            seeds = files(in: "Fuzz/seeds/mail") { $0.hasSuffix(".eml") || $0.hasSuffix(".ics") }
        }
        return seeds + files(in: regressions.appendingPathComponent(target.rawValue).path) { _ in true }
    }

    /// The tokens of `Fuzz/dict/<target>.dict`.
    public func tokens(_ target: FuzzTarget) -> [[UInt8]] {
        let path = repository.appendingPathComponent("Fuzz/dict/\(target.rawValue).dict").path
        return FuzzDictionary.tokens((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }

    /// A salt of the target's name (FNV-1a), so each target's inputs differ.
    public static func salt(_ target: FuzzTarget) -> UInt64 {
        target.rawValue.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// The contents of every regular file under `folder` (relative to the
    /// repository, or absolute) whose path inside it `accept`s, hidden files
    /// and files over ``maxFileBytes`` left out, sorted by path.
    func files(in folder: String, _ accept: (String) -> Bool) -> [[UInt8]] {
        let base = folder.hasPrefix("/") ? folder : repository.appendingPathComponent(folder).path
        guard let walk = FileManager.default.enumerator(atPath: base) else { return [] }
        var paths: [String] = []
        while let relative = walk.nextObject() as? String {
            let path = base + "/" + relative
            guard !(relative as NSString).lastPathComponent.hasPrefix("."), accept(relative),
                  let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  (attributes[.size] as? Int ?? .max) <= Self.maxFileBytes else { continue }
            paths.append(path)
        }
        return paths.sorted().compactMap { FileManager.default.contents(atPath: $0).map { Array($0) } }
    }

    /// Examples/rpc's requests, each alone on a line and LSP framed, and all
    /// of them as one session ending with shutdown and exit.
    func rpcSessions() -> [[UInt8]] {
        let lines: [(name: String, line: [UInt8])] = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Examples/rpc").path))?
            .filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
                guard let data = FileManager.default.contents(atPath: repository.appendingPathComponent("Examples/rpc/\(name)").path),
                      let object = try? JSONSerialization.jsonObject(with: data),
                      let line = try? JSONSerialization.data(withJSONObject: object, options: .withoutEscapingSlashes) else { return nil }
                return (name, Array(line))
            } ?? []
        let newline: [UInt8] = [0x0A]
        let last = ["shutdown.json", "exit.json"]
        let ordered = lines.filter { !last.contains($0.name) } + last.compactMap { name in lines.first { $0.name == name } }
        let session: [UInt8] = ordered.flatMap { (entry: (name: String, line: [UInt8])) -> [UInt8] in entry.line + newline }
        let single: [[UInt8]] = lines.map { $0.line + newline }
        let framed: [[UInt8]] = lines.map { (entry: (name: String, line: [UInt8])) -> [UInt8] in
            Array("Content-Length: \(entry.line.count)\r\n\r\n".utf8) + entry.line
        }
        return single + framed + [session]
    }

    /// The request of Examples/rpc/schedule.json (its params), with its `now` and without.
    func scheduleRequests() -> [[UInt8]] {
        guard let data = FileManager.default.contents(atPath: repository.appendingPathComponent("Examples/rpc/schedule.json").path),
              let message = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              var params = message["params"] as? [String: Any],
              let withNow = try? JSONSerialization.data(withJSONObject: params, options: [.prettyPrinted, .withoutEscapingSlashes]) else { return [] }
        params["now"] = nil
        let withoutNow = (try? JSONSerialization.data(withJSONObject: params, options: .withoutEscapingSlashes)).map { [Array($0)] } ?? []
        return [Array(withNow)] + withoutNow
    }
}
