/// The stocks records that belong to one device even when the data is shared: logging in on one laptop must not
/// log in another that uses the same database.
public enum DeviceLocalRecords {
    /// The keys kept on this device: who is logged in here.
    public static let keys: Set<String> = [StorageKeys.session]
}
