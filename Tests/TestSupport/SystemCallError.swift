/// A system call failed while a test arranged its files.
public struct SystemCallError: Error, Equatable {
    public var errno: Int32

    public init(errno: Int32) { self.errno = errno }
}
