/* libfyaml's event parser behind the pull API of include/shim.h. */
#include "shim.h"

#include <libfyaml.h>
#include <stdlib.h>
#include <string.h>

struct strata_yaml_parser {
    struct fy_diag *diag;
    struct fy_parser *parser;
    struct fy_event *event; /* the event last returned, freed by the next call */
    int failed;
};

strata_yaml_parser *strata_yaml_open(const char *bytes, size_t length) {
    strata_yaml_parser *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    struct fy_diag_cfg dcfg;
    fy_diag_cfg_default(&dcfg);
    dcfg.fp = NULL;
    dcfg.colorize = false;
    p->diag = fy_diag_create(&dcfg);
    if (!p->diag) {
        free(p);
        return NULL;
    }
    fy_diag_set_collect_errors(p->diag, true); /* errors are kept for strata_yaml_error, never printed */
    struct fy_parse_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.flags = FYPCF_QUIET | FYPCF_DEFAULT_VERSION_AUTO | FYPCF_JSON_NONE;
    cfg.diag = p->diag;
    p->parser = fy_parser_create(&cfg);
    if (!p->parser || fy_parser_set_string(p->parser, bytes, length) != 0) {
        strata_yaml_close(p);
        return NULL;
    }
    return p;
}

static void text(struct fy_token *token, const char **out, size_t *length) {
    *out = NULL;
    *length = 0;
    if (!token) return;
    size_t n = 0;
    const char *s = fy_token_get_text(token, &n);
    *out = s;
    *length = s ? n : 0;
}

int strata_yaml_next(strata_yaml_parser *p, strata_yaml_event *e) {
    if (p->event) {
        fy_parser_event_free(p->parser, p->event);
        p->event = NULL;
    }
    memset(e, 0, sizeof *e);
    if (p->failed) return 0;
    struct fy_event *ev = fy_parser_parse(p->parser);
    if (!ev) {
        p->failed = fy_parser_get_stream_error(p->parser) ? 1 : 0;
        return 0;
    }
    p->event = ev;
    e->kind = (int)ev->type;
    const struct fy_mark *start = fy_event_start_mark(ev);
    const struct fy_mark *end = fy_event_end_mark(ev);
    e->start = start ? start->input_pos : 0;
    e->end = end ? end->input_pos : e->start;
    switch (ev->type) {
    case FYET_SCALAR:
        text(ev->scalar.anchor, &e->anchor, &e->anchor_length);
        text(ev->scalar.tag, &e->tag, &e->tag_length);
        text(ev->scalar.value, &e->value, &e->value_length);
        e->plain = ev->scalar.value ? fy_token_scalar_style(ev->scalar.value) == FYSS_PLAIN : 1;
        break;
    case FYET_MAPPING_START:
        text(ev->mapping_start.anchor, &e->anchor, &e->anchor_length);
        text(ev->mapping_start.tag, &e->tag, &e->tag_length);
        break;
    case FYET_SEQUENCE_START:
        text(ev->sequence_start.anchor, &e->anchor, &e->anchor_length);
        text(ev->sequence_start.tag, &e->tag, &e->tag_length);
        break;
    case FYET_ALIAS:
        text(ev->alias.anchor, &e->anchor, &e->anchor_length);
        break;
    default:
        break;
    }
    return 1;
}

int strata_yaml_error(strata_yaml_parser *p, const char **message, int *line, int *column, size_t *offset) {
    *message = NULL;
    *line = 0;
    *column = 0;
    *offset = (size_t)-1;
    if (!p->failed) return 0;
    void *iter = NULL;
    struct fy_diag_error *d = fy_diag_errors_iterate(p->diag, &iter);
    if (!d) {
        *message = "invalid YAML";
        return 1;
    }
    *message = d->msg;
    *line = d->line;
    *column = d->column;
    if (d->fyt) {
        const struct fy_mark *m = fy_token_start_mark(d->fyt);
        if (m) *offset = m->input_pos;
    }
    return 1;
}

void strata_yaml_close(strata_yaml_parser *p) {
    if (!p) return;
    if (p->event) fy_parser_event_free(p->parser, p->event);
    if (p->parser) fy_parser_destroy(p->parser);
    if (p->diag) fy_diag_destroy(p->diag);
    free(p);
}
