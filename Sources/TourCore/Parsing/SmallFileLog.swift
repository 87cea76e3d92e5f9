/// What the decoders of the small parts read from the raw form (a tips file, a tour's
/// checklist) share: the problems found, each at its position in `fileName`, and an
/// object's fields checked against the keys it may have.
struct SmallFileLog {
    let fileName: String
    let log = DiagnosticLog()

    func error(_ position: SourcePosition?, _ message: String) {
        log.add(.content(file: fileName, position: position, message: message))
    }

    /// The fields of `node`, with unknown keys reported (with "did you mean"); nil (and
    /// said) when it is not an object.
    func fields(_ node: JSONNode, what: String, allowed: [String]) -> JSONFields? {
        guard case .object(let members) = node.value else {
            error(node.position, "\(what) must be an object, not \(node.value.kindName)")
            return nil
        }
        return log.fields(of: members, at: node.position, what: what, allowed: allowed, fileName: fileName)
    }

    /// The array under `key` in `fields` of `node`, with where it stands: nil (and said)
    /// when it is missing (unless an unknown key was taken for its misspelling) or not an
    /// array. `missing` is what to say of a missing one.
    func array(_ key: String, in fields: JSONFields, of node: JSONNode, missing: @autoclosure () -> String) -> (at: SourcePosition, nodes: [JSONNode])? {
        guard let member = fields[key] else {
            if !(log.misspelled[node.position] ?? []).contains(key) { error(node.position, missing()) }
            return nil
        }
        guard case .array(let nodes) = member.node.value else {
            error(member.node.position, "\"\(key)\" must be an array, not \(member.node.value.kindName)")
            return nil
        }
        return (member.node.position, nodes)
    }

    /// Everything found, in file order, and a line for what was too many to list.
    var diagnostics: [Diagnostic] {
        Diagnostic.inFileOrder(log.entries) + [log.overflow(file: fileName)].compactMap { $0 }
    }
}
