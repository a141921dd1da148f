// `import Strata` is the whole shared stack: the documents and mapping layers come with it.
@_exported import StrataDocuments
@_exported import StrataMapping
