#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reverse_range(char *begin, char *end) {
    while (begin < end) {
        char tmp = *begin;
        *begin = *end;
        *end = tmp;
        begin++;
        end--;
    }
}

/* Reverses the order of the space-separated words of text in place, keeping the spacing. */
void reverse_words(char *text) {
    size_t length = strlen(text);
    if (length < 2) {
        return;
    }
    reverse_range(text, text + length - 1);
    size_t start = 0;
    for (size_t i = 0; i <= length; i++) {
        if (text[i] == ' ' || text[i] == '\0') {
            if (i > start) {
                reverse_range(text + start, text + i - 1);
            }
            start = i + 1;
        }
    }
}

int main(void) {
    const char *inputs[] = {"", "a", "hello world", "the quick brown fox", "  two  spaces ", "single", "a b c d"};
    const char *expected[] = {"", "a", "world hello", "fox brown quick the", " spaces  two  ", "single", "d c b a"};
    int failures = 0;
    for (int i = 0; i < 7; i++) {
        char buffer[64];
        strcpy(buffer, inputs[i]);
        reverse_words(buffer);
        printf("reverse_words(\"%s\") = \"%s\"\n", inputs[i], buffer);
        if (strcmp(buffer, expected[i]) != 0) {
            printf("  expected \"%s\"\n", expected[i]);
            failures++;
        }
    }
    if (failures > 0) {
        printf("%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("all checks passed\n");
    return EXIT_SUCCESS;
}
