// libFuzzer entry for the tips target; the check itself is FuzzChecks.tips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let failures = FuzzChecks.tips(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = failures.first { fatalError(first) }
    return 0
}
