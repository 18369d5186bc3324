/* lesson.h - cases for readers: --explain, --list, and the atlas. */
#ifndef ROBOTS_CONFORM_LESSON_H
#define ROBOTS_CONFORM_LESSON_H

#include <stdio.h>

#include "run.h"

void lesson_text(FILE *f, const tcase *c, target *reference);
void list_cases(FILE *f, const suite *s, const selection *sel);
void atlas(FILE *f, const suite *s, target *reference);

#endif
