/* libyaml's event parser behind the pull API of include/shim.h. */
#include "shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

struct strata_yaml_parser {
    yaml_parser_t parser;
    yaml_event_t event; /* the event last returned, deleted by the next call */
    int has_event;
    int failed;
    const unsigned char *bytes;
    size_t length;
    /* libyaml counts marks in characters; byte offsets need the multi-byte characters before a mark. `wide` holds,
     * for each character of two or more bytes in input order, its character index; `extra` the bytes beyond one
     * that the characters up to and including it take. Both are empty for ASCII input. */
    size_t *wide;
    size_t *extra;
    size_t wide_count;
    size_t cursor; /* the last lookup's position in `wide`, since marks mostly move forward */
    char message[256]; /* the error: libyaml's problem, then its context */
};

/* The byte offset of character `index`. */
static size_t byte_offset(strata_yaml_parser *p, size_t index) {
    if (p->wide_count == 0) return index;
    size_t lo = 0, hi = p->wide_count; /* the first wide character at or after `index` */
    if (p->cursor < p->wide_count && p->wide[p->cursor] < index
        && (p->cursor + 1 == p->wide_count || p->wide[p->cursor + 1] >= index)) {
        lo = hi = p->cursor + 1;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p->wide[mid] < index) lo = mid + 1;
        else hi = mid;
    }
    p->cursor = lo > 0 ? lo - 1 : 0;
    size_t offset = index + (lo > 0 ? p->extra[lo - 1] : 0);
    return offset < p->length ? offset : p->length;
}

/* Fills the wide-character table; 0 when out of memory. Invalid UTF-8 is left for libyaml to reject. */
static int index_characters(strata_yaml_parser *p) {
    size_t count = 0;
    for (size_t i = 0; i < p->length; i++)
        if (p->bytes[i] >= 0xC0) count++;
    if (count == 0) return 1;
    p->wide = malloc(count * sizeof *p->wide);
    p->extra = malloc(count * sizeof *p->extra);
    if (!p->wide || !p->extra) return 0;
    size_t character = 0, extra = 0, n = 0;
    for (size_t i = 0; i < p->length;) {
        unsigned char b = p->bytes[i];
        size_t width = b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        if (width > 1 && n < count) {
            extra += width - 1;
            p->wide[n] = character;
            p->extra[n] = extra;
            n++;
        }
        i += width;
        character++;
    }
    p->wide_count = n;
    return 1;
}

strata_yaml_parser *strata_yaml_open(const char *bytes, size_t length) {
    strata_yaml_parser *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->bytes = (const unsigned char *)bytes;
    p->length = length;
    if (!index_characters(p) || !yaml_parser_initialize(&p->parser)) {
        free(p->wide);
        free(p->extra);
        free(p);
        return NULL;
    }
    /* UTF-8 only, so every mark is a position in these bytes (a UTF-16 stream is rejected, not re-encoded). */
    yaml_parser_set_encoding(&p->parser, YAML_UTF8_ENCODING);
    yaml_parser_set_input_string(&p->parser, p->bytes, length);
    return p;
}

static void text(const unsigned char *s, const char **out, size_t *length) {
    *out = (const char *)s;
    *length = s ? strlen((const char *)s) : 0;
}

int strata_yaml_next(strata_yaml_parser *p, strata_yaml_event *e) {
    if (p->has_event) {
        yaml_event_delete(&p->event);
        p->has_event = 0;
    }
    memset(e, 0, sizeof *e);
    if (p->failed) return 0;
    if (!yaml_parser_parse(&p->parser, &p->event)) {
        p->failed = 1;
        return 0;
    }
    p->has_event = 1;
    yaml_event_t *ev = &p->event;
    if (ev->type == YAML_NO_EVENT) return 0;
    e->start = byte_offset(p, ev->start_mark.index);
    e->end = byte_offset(p, ev->end_mark.index);
    switch (ev->type) {
    case YAML_STREAM_START_EVENT: e->kind = STRATA_YAML_STREAM_START; break;
    case YAML_STREAM_END_EVENT: e->kind = STRATA_YAML_STREAM_END; break;
    case YAML_DOCUMENT_START_EVENT: e->kind = STRATA_YAML_DOCUMENT_START; break;
    case YAML_DOCUMENT_END_EVENT: e->kind = STRATA_YAML_DOCUMENT_END; break;
    case YAML_SCALAR_EVENT:
        e->kind = STRATA_YAML_SCALAR;
        text(ev->data.scalar.anchor, &e->anchor, &e->anchor_length);
        text(ev->data.scalar.tag, &e->tag, &e->tag_length);
        e->value = (const char *)ev->data.scalar.value;
        e->value_length = ev->data.scalar.length;
        e->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
        break;
    case YAML_MAPPING_START_EVENT:
        e->kind = STRATA_YAML_MAPPING_START;
        text(ev->data.mapping_start.anchor, &e->anchor, &e->anchor_length);
        text(ev->data.mapping_start.tag, &e->tag, &e->tag_length);
        break;
    case YAML_SEQUENCE_START_EVENT:
        e->kind = STRATA_YAML_SEQUENCE_START;
        text(ev->data.sequence_start.anchor, &e->anchor, &e->anchor_length);
        text(ev->data.sequence_start.tag, &e->tag, &e->tag_length);
        break;
    case YAML_MAPPING_END_EVENT: e->kind = STRATA_YAML_MAPPING_END; break;
    case YAML_SEQUENCE_END_EVENT: e->kind = STRATA_YAML_SEQUENCE_END; break;
    case YAML_ALIAS_EVENT:
        e->kind = STRATA_YAML_ALIAS;
        text(ev->data.alias.anchor, &e->anchor, &e->anchor_length);
        break;
    default: break;
    }
    return 1;
}

int strata_yaml_error(strata_yaml_parser *p, const char **message, int *line, int *column, size_t *offset) {
    *message = NULL;
    *line = 0;
    *column = 0;
    *offset = (size_t)-1;
    if (!p->failed) return 0;
    const char *problem = p->parser.problem ? p->parser.problem : "invalid YAML";
    if (p->parser.context)
        snprintf(p->message, sizeof p->message, "%s (%s)", problem, p->parser.context);
    else
        snprintf(p->message, sizeof p->message, "%s", problem);
    *message = p->message;
    if (p->parser.error == YAML_READER_ERROR) {
        /* A reader error's offset is a byte offset already; it has no line or column. */
        *offset = p->parser.problem_offset < p->length ? p->parser.problem_offset : p->length;
        return 1;
    }
    *line = (int)p->parser.problem_mark.line + 1;
    *column = (int)p->parser.problem_mark.column + 1;
    *offset = byte_offset(p, p->parser.problem_mark.index);
    return 1;
}

void strata_yaml_close(strata_yaml_parser *p) {
    if (!p) return;
    if (p->has_event) yaml_event_delete(&p->event);
    yaml_parser_delete(&p->parser);
    free(p->wide);
    free(p->extra);
    free(p);
}
