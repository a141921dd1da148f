import StrataDocuments

/// A JSON:API resource's identity: its type and id.
struct ResourceKey: Hashable, CustomStringConvertible {
    var type: String
    var id: String

    /// `people/9`.
    var description: String { type + "/" + id }
}

/// What a mapping run knows about a JSON:API document: its resources, and which are already mapped.
struct JSONAPIState {
    /// Every valid resource object in `data` and `included`, by type and id.
    var resources: [ResourceKey: Tree.Index] = [:]
    /// The identity of each indexed resource node.
    var keyOf: [Tree.Index: ResourceKey] = [:]
    /// Resources already mapped (or being mapped), and their value.
    var expanded: [ResourceKey: Int] = [:]
    /// Resources of the primary data: mapped at the top, referenced from relationships.
    var primary: Set<ResourceKey> = []
    /// Reference values waiting for their target's id: (value, target).
    var pendingReferences: [(Int, ResourceKey)] = []
    /// The nodes of `included`, in order.
    var included: [Tree.Index] = []
    /// True once relationships nested past the depth limit: resources beyond it are not mapped again from
    /// `included`, which would only hit the limit again.
    var cutByDepth = false
}
