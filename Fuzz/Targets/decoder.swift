// libFuzzer entry for the decoder target; the check itself is FuzzChecks.decoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let failures = FuzzChecks.decoder(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = failures.first { fatalError(first) }
    return 0
}
