/// What reading a catalog file gives: the catalog, and what the reader
/// noticed that is not a failure (exact duplicate records it merged).
package struct ImportedCatalog: Hashable, Sendable {
    package var catalog: Catalog
    package var warnings: [CatalogWarning]

    package init(catalog: Catalog, warnings: [CatalogWarning] = []) {
        self.catalog = catalog
        self.warnings = warnings
    }
}

/// A finding about a catalog file that did not stop the import, with a stable
/// id (`duplicate-sections`) and its words.
///
///     dump.json: 2 exact duplicate section records merged (each kept once), e.g. CMSC131-0101 at [0].sections[0] and [3].sections[0]
package struct CatalogWarning: Hashable, Sendable, CustomStringConvertible {
    /// `duplicate-sections`.
    package var id: String
    package var file: String
    package var message: String

    package var description: String { "\(file): \(message)" }
}
