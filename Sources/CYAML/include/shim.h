/* libyaml's event parser, as a small pull API Swift can call: open, next event, error, close.
 *
 * yaml.h itself stays out of this header (shim.c includes it), so Swift sees only these few declarations:
 * plain structs and functions, no unions, macros or variadic calls. Only Strata's YAML reader imports this module.
 *
 * Editing this header does not trigger a rebuild of the Swift module: touch a .swift file in Sources/Strata/YAML.
 */
#ifndef STRATA_CYAML_SHIM_H
#define STRATA_CYAML_SHIM_H

#include <stddef.h>

/* The event kinds. */
enum {
    STRATA_YAML_NONE = 0,
    STRATA_YAML_STREAM_START,
    STRATA_YAML_STREAM_END,
    STRATA_YAML_DOCUMENT_START,
    STRATA_YAML_DOCUMENT_END,
    STRATA_YAML_MAPPING_START,
    STRATA_YAML_MAPPING_END,
    STRATA_YAML_SEQUENCE_START,
    STRATA_YAML_SEQUENCE_END,
    STRATA_YAML_SCALAR,
    STRATA_YAML_ALIAS,
};

/* One event. Text pointers stay valid until the next call to strata_yaml_next or strata_yaml_close; use the lengths
 * (a scalar may hold NUL bytes) and expect NULL when absent. `tag` is the resolved tag (`tag:yaml.org,2002:str` for
 * `!!str`, `!` for the non-specific tag, a local tag as written). Spans are byte offsets: a node's span starts at its
 * properties (anchor, tag) when it has any, a quoted scalar's span includes its quotes, an alias's its `*`. */
typedef struct {
    int kind;
    size_t start;        /* byte offset of the event's first byte */
    size_t end;          /* byte offset just past it (start == end for the implicit end of a block collection) */
    const char *anchor;  /* the anchor's name, or the alias's target for STRATA_YAML_ALIAS */
    size_t anchor_length;
    const char *tag;
    size_t tag_length;
    const char *value;   /* a scalar's decoded text */
    size_t value_length;
    int plain;           /* 1 for a plain (unquoted, non-block) scalar */
} strata_yaml_event;

typedef struct strata_yaml_parser strata_yaml_parser;

/* A parser over `length` bytes at `bytes`, which must stay alive and unchanged until strata_yaml_close. NULL when
 * out of memory. */
strata_yaml_parser *strata_yaml_open(const char *bytes, size_t length);

/* Reads the next event into `event`: 1 when there is one, 0 at the end of the stream or on an error. */
int strata_yaml_next(strata_yaml_parser *parser, strata_yaml_event *event);

/* After strata_yaml_next returned 0: 1 when it stopped on an error, with the first error's message (valid until
 * strata_yaml_close), its 1-based line and column, and its byte offset (or (size_t)-1 when unknown). */
int strata_yaml_error(strata_yaml_parser *parser, const char **message, int *line, int *column, size_t *offset);

/* Frees the parser and everything it returned. */
void strata_yaml_close(strata_yaml_parser *parser);

#endif
