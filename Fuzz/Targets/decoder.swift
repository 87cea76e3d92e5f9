// libFuzzer entry for the decoder target; the check itself is FuzzChecks.decoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzChecks.decoder(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
