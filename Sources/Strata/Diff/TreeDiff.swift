import StrataDocuments
import StrataMapping

/// What two trees differ in, by path: values added, removed, changed, or changed in type.
///
/// Works on any ``DiffableOutline``: parsed trees of any format (`strata diff a.json b.xml`) and mapped results
/// (the explorer's marks after a reload). Objects are compared by key (a repeated key by occurrence), arrays by
/// index: an element inserted at the front shows every later element as changed and the last as added. A type
/// change (`number` → `string`, an object → an array) is one change; the trees below it are not compared.
/// Linear in the size of the two trees. Paths come from the one path builder, ``FlatOutline/path(_:position:occurrence:)``.
public struct TreeDiff: Sendable {
    /// One difference.
    public struct Change: Sendable, Equatable {
        /// What happened at the path.
        public enum Kind: String, Sendable, CaseIterable {
            /// Only the second tree has a value here.
            case added
            /// Only the first tree has a value here.
            case removed
            /// Both have a value of the same type, with different contents.
            case changed
            /// Both have a value here, of different types.
            case typeChanged
        }

        /// What happened.
        public var kind: Kind
        /// The path (`$.items[2].price`; relative for mapped values: `items[2].price`).
        public var path: String
        /// The node in the first tree (nil when added).
        public var old: Int?
        /// The node in the second tree (nil when removed).
        public var new: Int?
        /// The first tree's value for people (`number 45`), nil when added.
        public var oldText: String?
        /// The second tree's value for people, nil when removed.
        public var newText: String?
        /// For a removal: the container in the second tree the value was removed from (nil for the root).
        public var newContainer: Int? = nil

        /// One line: `+ $.a: number 1`, `- $.b: …`, `~ $.c: 1 → 2`, `! $.d: number 1 → string "1"`.
        public var line: String {
            switch kind {
            case .added: "+ \(path): \(newText ?? "")"
            case .removed: "- \(path): \(oldText ?? "")"
            case .changed, .typeChanged: "\(kind == .changed ? "~" : "!") \(path): \(oldText ?? "") → \(newText ?? "")"
            }
        }

        /// The change as a JSON object: change, path, old, new (null where there is no value).
        public func jsonText() -> String {
            "{\"change\":\(JSONString.quote(kind.rawValue)),\"path\":\(JSONString.quote(path))"
                + ",\"old\":" + (oldText.map(JSONString.quote) ?? "null")
                + ",\"new\":" + (newText.map(JSONString.quote) ?? "null") + "}"
        }
    }

    /// Every difference, in the order of the second tree (removals where their place would be).
    public let changes: [Change]

    /// True when the trees hold the same values.
    public var isEqual: Bool { changes.isEmpty }

    /// How many changes there are of `kind`.
    public func count(_ kind: Change.Kind) -> Int { changes.filter { $0.kind == kind }.count }

    /// `3 added · 1 removed · 2 changed · 1 type changed`, or `no differences`.
    public var summary: String {
        if changes.isEmpty { return "no differences" }
        let names: [(Change.Kind, String)] = [
            (.added, "added"), (.removed, "removed"), (.changed, "changed"), (.typeChanged, "type changed"),
        ]
        return names.compactMap { kind, name in
            let n = count(kind)
            return n > 0 ? "\(n) \(name)" : nil
        }.joined(separator: " · ")
    }

    /// Every change on its own line, then the summary.
    public func text() -> String {
        changes.map { $0.line + "\n" }.joined() + summary + "\n"
    }

    /// `{"equal": …, "summary": {…}, "changes": […]}`.
    public func jsonText() -> String {
        var s = "{\"equal\":\(isEqual),\"summary\":{"
        s += Change.Kind.allCases.map { "\"\($0.rawValue)\":\(count($0))" }.joined(separator: ",")
        s += "},\"changes\":[" + changes.map { $0.jsonText() }.joined(separator: ",") + "]}"
        return s
    }

    /// Compares `old` with `new`, each from its root.
    public init<A: DiffableOutline, B: DiffableOutline>(_ old: A, _ new: B) {
        var walk = DiffWalk(old: old, new: new)
        walk.run()
        changes = walk.changes
    }
}

/// A tree ``TreeDiff`` can compare: a flat outline whose nodes have a type and, for scalars, a value.
public protocol DiffableOutline: FlatOutline {
    /// How node `i` is compared: keyed children (objects), indexed children (arrays), or a scalar; with the name of
    /// its type (`object`, `number`; a class name for mapped objects). Different names are a type change.
    func diffShape(_ i: Int) -> DiffShape
    /// Scalar `i`'s value as compared: two scalars of the same type are equal when these texts are.
    func diffValue(_ i: Int) -> String
    /// Node `i` for people: `number 45`, `string "a"`, `object with 3 fields`.
    func diffText(_ i: Int) -> String
}

/// How ``TreeDiff`` compares a node.
public struct DiffShape: Sendable, Equatable {
    /// How children are matched.
    public enum Children: Sendable, Equatable {
        /// By key (objects, dictionaries, mapped objects).
        case keyed
        /// By position (arrays).
        case indexed
        /// None: a scalar, compared by ``DiffableOutline/diffValue(_:)``.
        case scalar
    }

    /// How children are matched.
    public var children: Children
    /// The type's name; different names are a type change.
    public var type: String

    /// Creates a shape.
    public init(_ children: Children, _ type: String) {
        self.children = children
        self.type = type
    }
}

/// The comparison itself: an explicit stack of node pairs (no recursion), positions remembered for the paths.
struct DiffWalk<A: DiffableOutline, B: DiffableOutline> {
    let old: A
    let new: B
    var changes: [TreeDiff.Change] = []
    /// The position (or key occurrence) of each node among its siblings, filled in as containers are compared.
    var oldPosition: [Int32]
    var newPosition: [Int32]

    init(old: A, new: B) {
        self.old = old
        self.new = new
        oldPosition = [Int32](repeating: 0, count: old.count)
        newPosition = [Int32](repeating: 0, count: new.count)
    }

    mutating func run() {
        guard old.count > 0, new.count > 0 else {
            if new.count > 0 { added(0) }
            if old.count > 0 { removed(0) }
            return
        }
        var stack: [(Int, Int)] = [(0, 0)]
        while let (a, b) = stack.popLast() {
            if half(a, b) { continue }
            let sa = old.diffShape(a)
            let sb = new.diffShape(b)
            if sa != sb {
                record(.typeChanged, a, b)
                continue
            }
            var pairs: [(Int, Int)] = []
            switch sa.children {
            case .scalar:
                if old.diffValue(a) != new.diffValue(b) { record(.changed, a, b) }
            case .indexed:
                pairIndexed(a, b, into: &pairs)
            case .keyed:
                pairKeyed(a, b, into: &pairs)
            }
            // Pushed in reverse so changes come out in document order.
            stack.append(contentsOf: pairs.reversed())
        }
    }

    /// Pairs the elements of two arrays by position; the rest are added or removed.
    mutating func pairIndexed(_ a: Int, _ b: Int, into pairs: inout [(Int, Int)]) {
        var ca = a + 1
        var cb = b + 1
        let ea = old.subtreeEnd(a)
        let eb = new.subtreeEnd(b)
        var n: Int32 = 0
        while ca < ea || cb < eb {
            if ca < ea { oldPosition[ca] = n }
            if cb < eb { newPosition[cb] = n }
            pairs.append((ca < ea ? ca : -1, cb < eb ? cb : -2 - b))
            if ca < ea { ca = old.subtreeEnd(ca) }
            if cb < eb { cb = new.subtreeEnd(cb) }
            n += 1
        }
    }

    /// Pairs the members of two objects by key (a repeated key by occurrence); unmatched ones are added or removed
    /// (a half pair: `(-1, b)`, or `(a, -2 - container)` naming the container in the second tree).
    mutating func pairKeyed(_ a: Int, _ b: Int, into pairs: inout [(Int, Int)]) {
        var oldKids: [Int] = []
        var c = a + 1
        while c < old.subtreeEnd(a) {
            oldKids.append(c)
            c = old.subtreeEnd(c)
        }
        var newKids: [Int] = []
        c = b + 1
        while c < new.subtreeEnd(b) {
            newKids.append(c)
            c = new.subtreeEnd(c)
        }
        let oldKeys = oldKids.map { old.pathKey($0) ?? "" }
        let newKeys = newKids.map { new.pathKey($0) ?? "" }
        // Same keys in the same order (the common case), none of them repeated: pair them directly.
        if oldKeys == newKeys, !oldKids.contains(where: old.mayRepeatKey), !newKids.contains(where: new.mayRepeatKey) {
            // Keyed nodes are addressed by key and occurrence, which is 0 for unique keys.
            for (x, y) in zip(oldKids, newKids) {
                oldPosition[x] = 0
                newPosition[y] = 0
                pairs.append((x, y))
            }
            return
        }
        var seen: [String: Int] = [:]
        var oldBySlot: [DiffSlot: Int] = [:]
        for (k, x) in oldKids.enumerated() {
            let n = seen[oldKeys[k], default: 0]
            seen[oldKeys[k]] = n + 1
            oldPosition[x] = Int32(n)
            oldBySlot[DiffSlot(key: oldKeys[k], occurrence: n)] = x
        }
        seen = [:]
        var matchOf: [Int: Int] = [:]
        for (k, y) in newKids.enumerated() {
            let n = seen[newKeys[k], default: 0]
            seen[newKeys[k]] = n + 1
            newPosition[y] = Int32(n)
            if let x = oldBySlot[DiffSlot(key: newKeys[k], occurrence: n)] { matchOf[y] = x }
        }
        // A removed member is listed right after the matched member that preceded it in the first object.
        var removedAfter: [Int: [Int]] = [:]
        var leading: [Int] = []
        let kept = Set(matchOf.values)
        var previous: Int? = nil
        for x in oldKids {
            if kept.contains(x) {
                previous = x
            } else if let p = previous {
                removedAfter[p, default: []].append(x)
            } else {
                leading.append(x)
            }
        }
        for x in leading { pairs.append((x, -2 - b)) }
        for y in newKids {
            guard let x = matchOf[y] else {
                pairs.append((-1, y))
                continue
            }
            pairs.append((x, y))
            for r in removedAfter[x] ?? [] { pairs.append((r, -2 - b)) }
        }
    }

    /// Records a change for the pair, or an addition / removal for a half pair.
    mutating func record(_ kind: TreeDiff.Change.Kind, _ a: Int, _ b: Int) {
        changes.append(
            TreeDiff.Change(
                kind: kind, path: newPath(b), old: a, new: b, oldText: old.diffText(a), newText: new.diffText(b)))
    }

    mutating func added(_ b: Int) {
        changes.append(
            TreeDiff.Change(kind: .added, path: newPath(b), old: nil, new: b, oldText: nil, newText: new.diffText(b)))
    }

    mutating func removed(_ a: Int, from container: Int? = nil) {
        changes.append(
            TreeDiff.Change(
                kind: .removed, path: oldPath(a), old: a, new: nil, oldText: old.diffText(a), newText: nil,
                newContainer: container))
    }

    func newPath(_ b: Int) -> String {
        let positions = newPosition
        return PathText.text(new, new.path(b, position: { Int(positions[$0]) }, occurrence: { Int(positions[$0]) }))
    }

    func oldPath(_ a: Int) -> String {
        let positions = oldPosition
        return PathText.text(old, old.path(a, position: { Int(positions[$0]) }, occurrence: { Int(positions[$0]) }))
    }
}

extension DiffWalk {
    /// Handles a half pair popped from the stack: `(-1, b)` is an addition, `(a, -2 - container)` a removal.
    mutating func half(_ a: Int, _ b: Int) -> Bool {
        if a < 0 {
            added(b)
            return true
        }
        if b < 0 {
            removed(a, from: -2 - b)
            return true
        }
        return false
    }
}

/// A member's place in an object: its key and how many earlier members have that key.
struct DiffSlot: Hashable {
    var key: String
    var occurrence: Int
}

/// How a path is written for each kind of outline: parsed trees from `$`, mapped values relative.
enum PathText {
    static func text<O: FlatOutline>(_ outline: O, _ path: TreePath) -> String {
        outline is MappingResult ? path.relativeDescription : path.description
    }
}
