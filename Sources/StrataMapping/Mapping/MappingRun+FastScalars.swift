import StrataDocuments

/// The common case made cheap: a JSON scalar that already has the property's type.
extension MappingRun {
    /// Maps `node` for scalar property `p` when it is a JSON value of exactly the property's type; returns false
    /// (having added nothing) for every other case, which the general path then handles and reports.
    func mapFastScalar(_ node: Tree.Index, _ p: CompiledProperty, parent: Int) -> Bool {
        mapFastScalar(
            node, p.fastScalar, name: p.nameID >= 0 ? p.nameID : values.nameID(p.name), dateReader: p.dateReader,
            parent: parent)
    }

    /// Maps `node` as a `scalar` named `name` (interned) when it is a JSON value of exactly that type; returns
    /// false (having added nothing) otherwise. `dateReader` is the property's date reader slot.
    @inline(__always)
    func mapFastScalar(_ node: Tree.Index, _ scalar: FastScalar?, name: Int32, dateReader: Int, parent: Int) -> Bool {
        guard tree.side == nil else { return false }
        let kind = tree.kind(node)
        switch scalar {
        case .string?:
            guard kind == .string else { return false }
            add(.sourceString, UInt64(node), name: name, parent: parent, source: node)
        case .int?:
            guard kind == .number, let v = ScalarConversion.fastInt(tree, node) else { return false }
            add(.int, UInt64(bitPattern: Int64(v)), name: name, parent: parent, source: node)
        case .double?:
            // Kept as its node and read again when asked for: a double's bits would double the record.
            guard kind == .number, ScalarConversion.sourceDouble(tree, node) != nil else { return false }
            add(.sourceDouble, UInt64(node), name: name, parent: parent, source: node)
        case .decimal?:
            guard kind == .number else { return false }
            return mapFastDecimal(node, name: name, parent: parent)
        case .bool?:
            guard kind == .bool else { return false }
            add(.bool, tree.bool(node)! ? 1 : 0, name: name, parent: parent, source: node)
        case .date?:
            guard kind == .string else { return false }
            let r = reader(dateReader)
            guard !r.readsNumbers else { return false }
            guard case .success(let date) = ScalarConversion.withStringBytes(tree, node, { r.read($0) }) else {
                return false
            }
            add(.date, date.timeIntervalSinceReferenceDate.bitPattern, name: name, parent: parent, source: node)
        case nil:
            return false
        }
        return true
    }

    /// Maps number `node` as a decimal when it reads as one, keeping only the node (the value is read again from it
    /// when asked for); out of line, so the common scalars' path above stays small enough to be inlined.
    @inline(never)
    private func mapFastDecimal(_ node: Tree.Index, name: Int32, parent: Int) -> Bool {
        guard ScalarConversion.readsAsDecimal(tree, node) else { return false }
        add(.sourceDecimal, UInt64(node), name: name, parent: parent, source: node)
        return true
    }
}
