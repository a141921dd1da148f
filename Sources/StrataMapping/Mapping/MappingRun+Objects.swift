import Foundation
import StrataDocuments

/// Mapping objects: choosing the fields for each property once per object shape, then mapping them.
extension MappingRun {
    /// Maps object node `node` as an object of `spec`'s class.
    func mapObject(_ node: Tree.Index, spec: ObjectSpec, name: String?, parent: Int?) -> Int {
        mapObject(node, spec: spec, nameID: values.nameID(name), parent: parent)
    }

    /// Maps object node `node` as an object of `spec`'s class, named by interned name `nameID`.
    ///
    /// The object's members sit on `memberStack` from `base` while its properties are mapped (nested objects
    /// push theirs above), so no per-object array is made; the plan's `fastSteps` map the common scalars without
    /// copying a step.
    func mapObject(_ node: Tree.Index, spec: ObjectSpec, nameID: Int32, parent: Int?) -> Int {
        let cls = spec.cls
        let id = values.count
        values.append(
            .object, UInt64(cls.nameID), name: nameID, parent: Int32(truncatingIfNeeded: parent ?? -1),
            source: Int32(truncatingIfNeeded: node))
        sourceIndex.setIfUnread(node, Int32(id))
        if depth >= maxDepth {
            values.setContent(.invalid, at: id)
            report(
                .error, .tooDeep, node: node, property: cls.name,
                message: "objects nest deeper than \(maxDepth) levels here; deeper values are not mapped", value: id)
            close(id)
            return id
        }
        depth += 1
        let base = memberStack.count
        defer {
            depth -= 1
            memberStack.truncate(to: base)
        }
        let plan: ShapePlan
        if let last = spec.lastPlan, sameShape(node, as: last) {
            plan = last
        } else {
            memberStack.truncate(to: base)
            keyScratch.removeAll(keepingCapacity: true)
            collectShape(node)
            plan = self.plan(for: spec, members: memberStack.members(from: base))
        }
        let count = plan.fastSteps.count
        for i in 0..<count {
            let step = plan.fastSteps[i]
            if step.member >= 0, step.scalar != nil,
                mapFastScalar(
                    memberStack[base + Int(step.member)], step.scalar, name: step.nameID,
                    dateReader: Int(step.dateReader), parent: id)
            {
                continue
            }
            let full = plan.steps[i]
            mapProperty(
                full.property, slot: full.slot, base: base, object: node, parent: id,
                missingReason: full.missingReason)
        }
        for k in plan.unassigned { reportUnmapped(memberStack[base + k], className: cls.name) }
        close(id)
        return id
    }

    /// True when JSON object `node` has exactly the keys of `plan`, in order; pushes its members on the way.
    func sameShape(_ node: Tree.Index, as plan: ShapePlan) -> Bool {
        guard tree.side == nil else { return false }
        let base = memberStack.count
        if sameLayout(node, as: plan) { return true }
        memberStack.truncate(to: base)
        return tree.source.withUnsafeBufferPointer { b in
            plan.key.withUnsafeBufferPointer { key in
                plan.keyLengths.withUnsafeBufferPointer { lengths in
                    var offset = 0
                    var k = 0
                    for c in tree.children(node) {
                        guard k < lengths.count, let r = Tree.rawKeyRange(b, before: Int(tree.nodes[c].start))
                        else { return false }
                        let length = lengths[k]
                        guard r.count == length,
                            memcmp(b.baseAddress! + r.lowerBound, key.baseAddress! + offset, length) == 0
                        else { return false }
                        offset += length
                        k += 1
                        memberStack.push(c)
                    }
                    return k == lengths.count
                }
            }
        }
    }

    /// True when the bytes before each member's value of `node` are those of the object the plan was made from
    /// (key, quotes, colon and spacing alike); pushes its members on the way.
    ///
    /// The common case of `sameShape` without finding each key: a match whose opening quote follows `{`, `,` or
    /// a space is the member's whole key, since a quote inside a key would follow a backslash.
    private func sameLayout(_ node: Tree.Index, as plan: ShapePlan) -> Bool {
        guard plan.layoutLengths.count == plan.keyLengths.count else { return false }
        let end = tree.subtreeEnd(node)
        return tree.nodes.withUnsafeBufferPointer { nodes in
            tree.source.withUnsafeBufferPointer { b in
                plan.layout.withUnsafeBufferPointer { layout in
                    plan.layoutLengths.withUnsafeBufferPointer { lengths in
                        var offset = 0
                        var k = 0
                        var c = node + 1
                        while c < end {
                            guard k < lengths.count else { return false }
                            let length = Int(lengths[k])
                            let start = Int(nodes[c].start)
                            let open = start - length
                            guard open > 0 else { return false }
                            let before = b[open - 1]
                            guard
                                before == UInt8(ascii: ",") || before == UInt8(ascii: "{") || JSONBytes.isSpace(before)
                            else { return false }
                            for j in 0..<length where b[open + j] != layout[offset + j] { return false }
                            offset += length
                            k += 1
                            memberStack.push(c)
                            c = nodes[c].subtreeEnd(at: c)
                        }
                        return k == lengths.count
                    }
                }
            }
        }
    }

    /// Pushes the members of `node` and collects their raw keys (the shape) into the scratch buffers.
    func collectShape(_ node: Tree.Index) {
        keyLengthScratch.removeAll(keepingCapacity: true)
        layoutScratch.removeAll(keepingCapacity: true)
        layoutLengthScratch.removeAll(keepingCapacity: true)
        if tree.side == nil {
            tree.source.withUnsafeBufferPointer { b in
                for c in tree.children(node) {
                    memberStack.push(c)
                    let start = Int(tree.nodes[c].start)
                    if let r = Tree.rawKeyRange(b, before: start) {
                        keyScratch.append(contentsOf: b[r])
                        layoutScratch.append(contentsOf: b[r.lowerBound..<start])
                        layoutLengthScratch.append(Int32(start - r.lowerBound))
                    }
                    keyLengthScratch.append(keyScratch.count)
                }
            }
        } else {
            for c in tree.children(node) {
                memberStack.push(c)
                keyScratch.append(contentsOf: (tree.key(c) ?? "").utf8)
                keyScratch.append(0xFF)
                keyLengthScratch.append(keyScratch.count)
            }
        }
    }

    /// The cached plan for the shape in the scratch buffers, computed on first sight.
    func plan(for spec: ObjectSpec, members: [Int]) -> ShapePlan {
        if let last = spec.lastPlan, last.keyLengths.count == members.count, last.key == keyScratch { return last }
        for p in spec.plans where p.keyLengths.count == members.count && p.key == keyScratch {
            spec.lastPlan = p
            return p
        }
        let keys = members.map { tree.key($0) ?? "" }
        let (slots, taken) = matchFields(spec.cls, active: spec.active, keys: keys)
        var lengths: [Int] = []
        var previous = 0
        for end in keyLengthScratch {
            lengths.append(end - previous)
            previous = end
        }
        let unassigned = keys.indices.filter { !taken[$0] }
        // Why a required property finds no field is the same for every object of this shape: said once.
        var hints = MissingFieldHints(unmapped: unassigned.compactMap { tree.key(members[$0]) })
        let steps = spec.active.map { pi in
            let p = spec.cls.properties[pi]
            guard case .none = slots[pi], p.defaultContent == nil, !p.optional else {
                return PlanStep(property: p, slot: slots[pi], missingReason: nil)
            }
            return PlanStep(property: p, slot: slots[pi], missingReason: hints.reason(p.name))
        }
        let plan = ShapePlan(
            key: keyScratch, keyLengths: lengths, steps: steps, unassigned: unassigned,
            layout: (layoutScratch, layoutLengthScratch))
        if spec.plans.count < 64 { spec.plans.append(plan) }
        spec.lastPlan = plan
        return plan
    }

    /// Chooses a field for each active property among `keys`: explicit fields first, then by name in rank order.
    ///
    /// Within a rank, properties choose in order, each taking the first key not taken yet that matches its name.
    /// Keys are grouped by each form a rank compares (`KeyQueues`), so a wide object costs linear time.
    func matchFields(_ cls: CompiledClass, active: [Int], keys: [String]) -> ([Slot], [Bool]) {
        var slots = [Slot](repeating: .none, count: cls.properties.count)
        var taken = [Bool](repeating: false, count: keys.count)
        // Fields a key path starts with: not taken (a property named like them still gets them), never unmapped.
        var readThrough = [Bool](repeating: false, count: keys.count)
        var exact = KeyQueues(keys)
        func claim(_ pi: Int, _ m: Int, byNumber: Bool) {
            let p = cls.properties[pi]
            if isXML, p.type.isArrayLike {
                let same = exact.untaken(keys[m], taken: taken)
                if same.count > 1 || byNumber {
                    slots[pi] = .repeated(same)
                    for j in same { taken[j] = true }
                    return
                }
            }
            slots[pi] = .member(m)
            taken[m] = true
        }
        for pi in active {
            guard let f = cls.properties[pi].field else { continue }
            // In XML a key finds the attribute or element of the other form when its own is not there (`id` →
            // `@id`), as key paths do.
            let first = f.firstKey.flatMap { k in
                exact.first(k) ?? (isXML ? exact.first(Tree.xmlCounterpart(of: k)) : nil)
            }
            if f.steps.count == 1, let m = first {
                claim(pi, m, byNumber: false)
            } else {
                slots[pi] = .path(f)
                if let m = first { readThrough[m] = true }
            }
        }
        func unmatched(_ pi: Int) -> Bool {
            guard cls.properties[pi].field == nil, case .none = slots[pi] else { return false }
            return true
        }
        for pi in active where unmatched(pi) {
            if let m = exact.firstUntaken(cls.properties[pi].name, taken: taken) { claim(pi, m, byNumber: false) }
        }
        guard active.contains(where: unmatched) else { return (slots, zip(taken, readThrough).map { $0 || $1 }) }
        let normalizedKeys = keys.map(NameMatching.normalized)
        var normalized = KeyQueues(normalizedKeys)
        for pi in active where unmatched(pi) {
            let name = NameMatching.normalized(cls.properties[pi].name)
            if let m = normalized.firstUntaken(name, taken: taken) { claim(pi, m, byNumber: false) }
        }
        if active.contains(where: unmatched) {
            // `Forms.sameWords`, one comparison at a time: the key's singular is the name's singular or the name;
            // the key is the name's singular; the key's plural is the name; the key is the name's plural.
            // Only keys still free can match, so only theirs are formed (a taken key's "" is always skipped).
            let keyForms = keys.indices.map { taken[$0] ? nil : NameMatching.Forms(keys[$0]) }
            var singulars = KeyQueues(keyForms.map { $0?.singular ?? "" })
            var plurals = KeyQueues(keyForms.map { $0?.plural ?? "" })
            for pi in active where unmatched(pi) {
                let p = forms(of: cls.properties[pi])
                let found = [
                    singulars.firstUntaken(p.singular, taken: taken),
                    singulars.firstUntaken(p.normalized, taken: taken),
                    normalized.firstUntaken(p.singular, taken: taken),
                    p.normalized.isEmpty ? nil : plurals.firstUntaken(p.normalized, taken: taken),
                    p.plural.isEmpty ? nil : normalized.firstUntaken(p.plural, taken: taken),
                ]
                if let m = found.compactMap({ $0 }).min() {
                    claim(pi, m, byNumber: normalizedKeys[m] != p.normalized)
                }
            }
        }
        return (slots, zip(taken, readThrough).map { $0 || $1 })
    }

    /// The forms of `p`'s name, made once per run.
    func forms(of p: CompiledProperty) -> NameMatching.Forms {
        if let forms = nameForms[p.serial] { return forms }
        let forms = NameMatching.Forms(p.name)
        nameForms[p.serial] = forms
        return forms
    }

    /// Maps one property of an object from the field its slot names.
    func mapProperty(
        _ p: CompiledProperty, slot: Slot, base: Int, object: Tree.Index, parent: Int, missingReason: String?
    ) {
        switch slot {
        case .member(let k):
            let node = memberStack[base + k]
            if p.fastScalar != nil, mapFastScalar(node, p, parent: parent) { return }
            if case .object(let className) = p.type, tree.kind(node) == .object, p.directClassName == className,
                let spec = objectSpec(className, for: p), !(isXML && isRepeatedWrapper(node, of: spec.cls, atLeast: 2))
            {
                _ = mapObject(
                    node, spec: spec, nameID: p.nameID >= 0 ? p.nameID : values.nameID(p.name), parent: parent)
                return
            }
            mapValue(node, p.type, property: p, name: p.name, parent: parent, isProperty: true)
        case .repeated(let ks):
            let arr = add(.array, name: p.name, parent: parent, source: nil)
            let element = p.type.elementType
            for k in ks {
                mapValue(memberStack[base + k], element, property: p, name: nil, parent: arr, isProperty: false)
            }
            close(arr)
        case .path(let f):
            switch f.resolve(in: tree, from: object) {
            case .found(let n, let passed):
                markPassed(passed)
                mapValue(n, p.type, property: p, name: p.name, parent: parent, isProperty: true)
                for container in passed { reportUnmappedInside(container, path: f, className: p.qualified) }
            case .collected(let nodes, let passed, let fan):
                markPassed(passed)
                mapCollected(nodes, as: p.type, path: f, fan: fan, property: p, object: object, parent: parent)
                for container in passed { reportUnmappedInside(container, path: f, className: p.qualified) }
            case .stopped(let at, let step, let passed):
                markPassed(passed)
                for container in passed { reportUnmappedInside(container, path: f, className: p.qualified) }
                let why: String
                if step == 0 {
                    why = "no field \(JSONString.quote(f.steps[0].text))"
                } else {
                    why =
                        "\(f.prefix(step)) has no \(JSONString.quote(f.steps[step].text)) (it is \(found(at)))"
                }
                missing(
                    p, object: at, parent: parent, steps: Array(f.steps[step...]),
                    reason: "field path \(f.text): \(why)")
            }
        case .none:
            // Only a required property reports why, and the plan made its reason (`MissingFieldHints`).
            missing(
                p, object: object, parent: parent, steps: [.key(p.name, index: nil)], reason: missingReason ?? "")
        }
    }

    /// Maps the values a key path collected through an array (or repeated XML elements) as `type`: an array type
    /// gets them as its elements; any other type is a `typeMismatch` that says to declare an array.
    func mapCollected(
        _ nodes: [Tree.Index], as type: MappingType, path f: FieldPath, fan: FieldPath.FanOut,
        property p: CompiledProperty, object: Tree.Index, parent: Int?
    ) {
        guard type.isArrayLike else {
            markPassed(nodes)  // read, though not mapped: the mismatch covers them
            let id = add(.invalid, name: parent == nil ? nil : p.name, parent: parent, source: nil)
            let values = "\(nodes.count) \(nodes.count == 1 ? "value" : "values")"
            report(
                .error, .typeMismatch, node: object, steps: f.steps, property: p.qualified,
                expected: type.expectedText, found: "\(values) collected through \(fan.text)",
                message: "field path \(f.text) goes through \(fan.text), so it reads \(values) — declare "
                    + "\(p.qualified) as [\(type)], or pick one element (\(f.pickingOne(fan)))",
                value: id)
            return
        }
        let arr = add(.array, name: parent == nil ? nil : p.name, parent: parent, source: nil)
        let element = type.elementType
        for n in nodes { mapValue(n, element, property: p, name: nil, parent: arr, isProperty: false) }
        close(arr)
    }

    /// Reports members of a container a key path went through that no other path used.
    private func reportUnmappedInside(_ container: Tree.Index, path: FieldPath, className: String) {
        guard tree.kind(container) == .object, !reportedPassed.contains(container) else { return }
        reportedPassed.insert(container)
        pendingPassed.append((container, className.split(separator: ".").first.map(String.init) ?? className))
    }

    /// Reports the unused members of containers key paths passed through (after all paths had their turn).
    func flushPassed() {
        for (container, className) in pendingPassed {
            for c in tree.children(container) where sourceIndex[c] == SourceMarks.untouched {
                reportUnmapped(c, className: className, note: " (inside a key path)")
            }
        }
        pendingPassed.removeAll()
    }

    /// A property without a value: its default, nil when optional, or a `missingField` error.
    func missing(
        _ p: CompiledProperty, object: Tree.Index, parent: Int, steps: [FieldPath.Step],
        reason: @autoclosure () -> String
    ) {
        if let d = p.defaultContent {
            addDefault(d, property: p, parent: parent, source: nil)
            return
        }
        if p.optional {
            add(.null, name: p.name, parent: parent, source: nil)
            return
        }
        let id = add(.missing, name: p.name, parent: parent, source: nil)
        report(
            .error, .missingField, node: object, steps: steps, property: p.qualified, expected: p.type.expectedText,
            message: reason() + " — add the field, or mark the property \"optional\": true", value: id)
    }

    /// Adds a property's default value.
    func addDefault(_ d: DefaultContent, property p: CompiledProperty, parent: Int, source: Tree.Index?) {
        switch d {
        case .value(let content): add(content, name: p.name, parent: parent, source: source)
        case .emptyArray: add(.array, name: p.name, parent: parent, source: source)
        case .emptyDictionary: add(.dictionary, name: p.name, parent: parent, source: source)
        case .null, .unusable: add(.null, name: p.name, parent: parent, source: source)
        }
    }

    /// The object spec for objects of class `className` in property `p`: cached per property when it is the
    /// property's own class, so the hot path does no hashing.
    func objectSpec(_ className: String, for p: CompiledProperty) -> ObjectSpec? {
        if let ci = p.directClass, p.directClassName == className {
            if let s = specCache[p.serial] { return s }
            let s = spec(compiled.classes[ci], only: p.only)
            specCache[p.serial] = s
            return s
        }
        return compiled[className].map { spec($0, only: p.only) }
    }

    /// The object spec for a class with an optional `only` subset, cached.
    func spec(_ cls: CompiledClass, only: [String]?) -> ObjectSpec {
        let key = SpecKey(cls: cls.index, only: only)
        if let s = specs[key] { return s }
        let active = only.map { names in cls.active.filter { names.contains(cls.properties[$0].name) } } ?? cls.active
        let s = ObjectSpec(cls: cls, active: active)
        specs[key] = s
        return s
    }
}

/// A class with the properties mapped in one context, and its cached shape plans.
final class ObjectSpec {
    let cls: CompiledClass
    let active: [Int]
    @exclusivity(unchecked) var plans: [ShapePlan] = []
    @exclusivity(unchecked) var lastPlan: ShapePlan?

    init(cls: CompiledClass, active: [Int]) {
        self.cls = cls
        self.active = active
    }
}

/// Identifies an `ObjectSpec`: a class and an `only` list.
struct SpecKey: Hashable {
    var cls: Int
    var only: [String]?
}

/// Where each property of a class finds its field in objects of one shape (one sequence of keys).
final class ShapePlan {
    /// The raw keys of the shape, concatenated.
    let key: [UInt8]
    /// The length of each key in `key`; one per member.
    let keyLengths: [Int]
    /// The active properties in order, with where each finds its value.
    let steps: [PlanStep]
    /// `steps` as plain records for the fast path, one per step.
    let fastSteps: [FastStep]
    /// Member positions no property consumed.
    let unassigned: [Int]
    /// The bytes from each member's key to its value in the object the plan was made from, concatenated (JSON
    /// only; empty otherwise), and the length of each.
    let layout: [UInt8]
    let layoutLengths: [Int32]

    init(
        key: [UInt8], keyLengths: [Int], steps: [PlanStep], unassigned: [Int],
        layout: (bytes: [UInt8], lengths: [Int32])
    ) {
        self.layout = layout.bytes
        self.layoutLengths = layout.lengths.count == keyLengths.count ? layout.lengths : []
        self.key = key
        self.keyLengths = keyLengths
        self.steps = steps
        self.fastSteps = steps.map(FastStep.init)
        self.unassigned = unassigned
    }
}

/// A plan step as plain data: what the JSON fast path needs to map a scalar member without the general path.
struct FastStep {
    /// The member position, or -1 when the step's slot is not one member.
    let member: Int32
    let nameID: Int32
    let dateReader: Int32
    /// The property's fast scalar type, nil when the general path maps it.
    let scalar: FastScalar?

    init(_ step: PlanStep) {
        if case .member(let k) = step.slot { member = Int32(k) } else { member = -1 }
        nameID = step.property.nameID
        dateReader = Int32(step.property.dateReader)
        scalar = step.property.nameID >= 0 ? step.property.fastScalar : nil
    }
}

/// One property of a plan and where its value is.
struct PlanStep {
    /// Unowned: the compiled mappings outlive every run and its plans.
    unowned(unsafe) let property: CompiledProperty
    let slot: Slot
    /// Why a required property has no field here, when it has none (`MissingFieldHints`).
    let missingReason: String?
}

/// Where a property's value is in an object.
enum Slot {
    /// No field matches.
    case none
    /// The member at this position.
    case member(Int)
    /// Repeated XML elements at these positions, read as an array.
    case repeated([Int])
    /// An explicit key path.
    case path(FieldPath)
}

extension MappingType {
    /// True for arrays and to-many relationships.
    var isArrayLike: Bool {
        switch self {
        case .array, .hasMany: true
        default: false
        }
    }

    /// The element type of an array-like type (itself otherwise).
    var elementType: MappingType {
        switch self {
        case .array(let e): e
        case .hasMany(let classes): .hasOne(classes)
        default: self
        }
    }

    /// What the type expects, for issues: `int`, `Article (an object)`, `[Article] (an array)`.
    var expectedText: String {
        switch self {
        case .object(let name): "\(name) (an object)"
        case .array, .hasMany: "\(self) (an array)"
        case .dictionary: "\(self) (an object)"
        case .choice(let d): "an object with a \(JSONString.quote(d.field)) field (\(self))"
        case .hasOne(let classes): classes.joined(separator: "|") + " (an object)"
        default: description
        }
    }
}
