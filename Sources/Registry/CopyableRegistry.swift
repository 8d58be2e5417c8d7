/// A registry whose tables ``RegistryCopy`` reads and fills: each engine says how it lists a table's columns and
/// rows, and how it writes them back in one transaction.
package protocol CopyableRegistry {
    /// A table's column names (lower-cased) and every row, each as its values in the order of the columns.
    func readTable(_ table: String) throws -> (columns: [String], rows: [[RegistryCopy.Value]])

    /// In one write transaction: refuses a registry that holds users or changes
    /// (``RegistryCopy/refuseNonEmpty(users:changes:)``), empties the copied tables, checks each table's columns
    /// (``RegistryCopy/checkColumns(_:_:_:)``) and inserts the rows as they are, in time linear in the rows; then
    /// drops the cache.
    func replaceTables(_ tables: [(table: String, columns: [String], rows: [[RegistryCopy.Value]])]) throws
}
