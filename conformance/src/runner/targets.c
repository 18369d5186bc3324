/* targets.c - several named targets in one run (targets.h). */
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json_file.h"
#include "process.h"

static target_spec *grow(target_list *list) {
    target_spec *items = realloc(list->items, (list->n + 1) * sizeof *items);
    if (!items) return NULL;
    list->items = items;
    memset(&items[list->n], 0, sizeof items[0]);
    return &items[list->n++];
}

static const char *const builtins[] = {"reference", "always-allowed", "always-disallowed"};

static int known_builtin(const char *name) {
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (!strcmp(name, builtins[i])) return 1;
    return 0;
}

static int unique_name(const target_list *list, const char *name, char *error, size_t cap) {
    for (size_t i = 0; i + 1 < list->n; i++) {
        if (!strcmp(list->items[i].name, name)) {
            snprintf(error, cap, "two targets are named '%s'", name);
            return -1;
        }
    }
    return 0;
}

int targets_add_option(target_list *list, const char *option, char *error, size_t cap) {
    const char *eq = strchr(option, '=');
    if (!eq || eq == option || !eq[1]) {
        snprintf(error, cap, "--target needs NAME=COMMAND, not '%s'", option);
        return -1;
    }
    target_spec *t = grow(list);
    if (!t || !(t->name = strndup(option, (size_t)(eq - option)))) {
        snprintf(error, cap, "out of memory");
        return -1;
    }
    const char *cmd = eq + 1;
    if (!strncmp(cmd, "builtin:", 8)) {
        if (!known_builtin(cmd + 8)) {
            snprintf(error, cap, "--target %s: no builtin target '%s' (reference, always-allowed, always-disallowed)",
                     t->name, cmd + 8);
            return -1;
        }
        t->builtin = strdup(cmd + 8);
    } else if (!strncmp(cmd, "command:", 8)) {
        t->command = strdup(cmd + 8);
    } else {
        t->batch = strdup(cmd);
    }
    if (!t->batch && !t->builtin && !t->command) {
        snprintf(error, cap, "out of memory");
        return -1;
    }
    return unique_name(list, t->name, error, cap);
}

/* The first line a command prints, or NULL. */
static char *version_from(const char *command) {
    char **argv;
    const char *why;
    if (split_command(command, &argv, &why) <= 0) {
        if (argv) free_argv(argv);
        return NULL;
    }
    proc_result r;
    char *version = NULL;
    if (proc_run(argv, NULL, 0, 10.0, 4096, &r) == 0) {
        if (!r.exec_failed && !r.timed_out && !r.signaled && r.status == 0 && r.out.data)
            version = strndup(r.out.data, strcspn(r.out.data, "\r\n"));
        proc_result_free(&r);
    }
    free_argv(argv);
    return version;
}

/* Every property of the target at $.targets[i] is known and a string. */
static int known_fields(const cJSON *item, const char *file, size_t i, char *error, size_t cap) {
    static const char *const fields[] = {"name", "language", "version", "version_command", "batch", "command",
                                         "builtin"};
    const size_t nfields = sizeof fields / sizeof fields[0];
    const cJSON *field;
    cJSON_ArrayForEach(field, item) {
        size_t k = 0;
        while (k < nfields && strcmp(field->string, fields[k])) k++;
        if (k == nfields || !cJSON_IsString(field)) {
            snprintf(error, cap, "%s: $.targets[%zu].%s: %s", file, i, field->string,
                     k == nfields ? "unknown property" : "must be a string");
            return -1;
        }
    }
    return 0;
}

/* Fills t from the target at $.targets[i] (its fields already checked). */
static int spec_from_json(target_spec *t, const cJSON *item, const char *file, size_t i, char *error, size_t cap) {
    t->name = json_file_string_copy(item, "name");
    t->language = json_file_string_copy(item, "language");
    t->version = json_file_string_copy(item, "version");
    t->batch = json_file_string_copy(item, "batch");
    t->command = json_file_string_copy(item, "command");
    t->builtin = json_file_string_copy(item, "builtin");
    static const char *const copied[] = {"name", "language", "version", "batch", "command", "builtin"};
    char *const copies[] = {t->name, t->language, t->version, t->batch, t->command, t->builtin};
    for (size_t k = 0; k < sizeof copied / sizeof copied[0]; k++)
        if (json_file_copy_lost(item, copied[k], copies[k])) {
            snprintf(error, cap, "%s: out of memory", file);
            return -1;
        }
    if (!t->version) {
        const cJSON *vc = cJSON_GetObjectItemCaseSensitive(item, "version_command");
        if (cJSON_IsString(vc)) t->version = version_from(vc->valuestring);
    }
    int ways = !!t->batch + !!t->command + !!t->builtin;
    if (!t->name || !t->name[0]) {
        snprintf(error, cap, "%s: $.targets[%zu]: needs a \"name\"", file, i);
        return -1;
    }
    if (ways != 1) {
        snprintf(error, cap, "%s: $.targets[%zu]: give exactly one of \"batch\", \"command\" and \"builtin\"", file, i);
        return -1;
    }
    if (t->builtin && !known_builtin(t->builtin)) {
        snprintf(error, cap, "%s: $.targets[%zu].builtin: one of reference, always-allowed, always-disallowed", file, i);
        return -1;
    }
    return 0;
}

int targets_add_file(target_list *list, const char *file, char *error, size_t cap) {
    cJSON *json;
    if (json_file_read(file, &json, error, cap)) return -1;
    const cJSON *items = cJSON_GetObjectItemCaseSensitive(json, "targets");
    int rc = -1;
    if (!cJSON_IsArray(items) || cJSON_GetArraySize(items) == 0) {
        snprintf(error, cap, "%s: $.targets: must be a non-empty array of targets", file);
        goto done;
    }
    size_t i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, items) {
        if (known_fields(item, file, i, error, cap)) goto done;
        target_spec *t = grow(list);
        if (!t) {
            snprintf(error, cap, "out of memory");
            goto done;
        }
        if (spec_from_json(t, item, file, i, error, cap) || unique_name(list, t->name, error, cap)) goto done;
        i++;
    }
    rc = 0;
done:
    cJSON_Delete(json);
    return rc;
}

target *targets_open(const target_spec *spec, const command_options *command, double timeout, char *error,
                     size_t cap) {
    if (spec->builtin) {
        target *t = !strcmp(spec->builtin, "reference") ? target_reference()
                                                         : target_constant(!strcmp(spec->builtin, "always-allowed"));
        if (!t) snprintf(error, cap, "out of memory");
        return t;
    }
    if (spec->batch) return target_batch(spec->batch, timeout, error, cap);
    command_options o = *command;
    o.template_text = spec->command;
    return target_command(&o, error, cap);
}

void targets_free(target_list *list) {
    for (size_t i = 0; i < list->n; i++) {
        target_spec *t = &list->items[i];
        free(t->name);
        free(t->language);
        free(t->version);
        free(t->batch);
        free(t->command);
        free(t->builtin);
    }
    free(list->items);
    list->items = NULL;
    list->n = 0;
}
