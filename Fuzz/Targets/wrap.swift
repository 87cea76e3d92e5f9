// libFuzzer entry for the wrap target; the check itself is FuzzChecks.wrap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let failures = FuzzChecks.wrap(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = failures.first { fatalError(first) }
    return 0
}
