/* distance.c - how far apart two short words are (distance.h). */
#include "distance.h"

#include <ctype.h>

size_t word_distance(const char *a, size_t na, const char *b, size_t nb) {
    if (na > 31 || nb > 31) return 9;
    size_t row[32];
    for (size_t j = 0; j <= nb; j++) row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t above = row[j];
            size_t change = diagonal + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            row[j] = change < above + 1 ? change : above + 1;
            if (row[j - 1] + 1 < row[j]) row[j] = row[j - 1] + 1;
            diagonal = above;
        }
    }
    return row[nb] < 9 ? row[nb] : 9;
}
