/*
 * sfdict_model.h - a second reading of RFC 9651's Dictionary (section 4.2.2), for
 * differential fuzzing of the reference's (ref/src/sfdict.c). It copies the input
 * into a string and follows the RFC's prose step by step ("consume the first
 * character", "discard leading SP"), building every member in a list and looking
 * the key up at the end; the reference reads forward once and keeps only the key
 * it is asked for.
 */
#ifndef ROBOTS_FUZZ_SFDICT_MODEL_H
#define ROBOTS_FUZZ_SFDICT_MODEL_H

#include <stddef.h>

/* The member's type by the RFC's names: "token", "boolean", "integer", "decimal",
 * "string", "byte sequence", "date", "display string", "inner list". */
typedef struct sfdict_model_value {
    const char *type;
    char token[64]; /* a token's characters, cut to 63 */
    size_t token_len;
    int boolean;
} sfdict_model_value;

/* 1 found, 0 absent, -1 not a Dictionary; as robots_sf_dictionary_get. */
int sfdict_model_get(const unsigned char *data, size_t len, const char *key, size_t key_len,
                     sfdict_model_value *out);

#endif
