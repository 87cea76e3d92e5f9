// libFuzzer entry for the keys target; the check itself is FuzzChecks.keyDecoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let failures = FuzzChecks.keyDecoder(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = failures.first { fatalError(first) }
    return 0
}
