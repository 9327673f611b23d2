#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Escapes text for use inside a JSON string; returns the escaped length, or -1 if out is too small. */
int json_escape(const char *text, char *out, size_t size) {
    if (size == 0) {
        return -1;
    }
    size_t used = 0;
    for (size_t i = 0; text[i] != '\0'; i++) {
        char single[8];
        const char *piece = single;
        unsigned char c = (unsigned char)text[i];
        switch (c) {
        case '"':
            piece = "\\\"";
            break;
        case '\\':
            piece = "\\\\";
            break;
        case '\n':
            piece = "\\n";
            break;
        case '\t':
            piece = "\\t";
            break;
        default:
            if (c < 0x20) {
                snprintf(single, sizeof single, "\\u%04x", c);
            } else {
                single[0] = (char)c;
                single[1] = '\0';
            }
            break;
        }
        size_t length = strlen(piece);
        if (used + length + 1 > size) {
            return -1;
        }
        memcpy(out + used, piece, length);
        used += length;
    }
    out[used] = '\0';
    return (int)used;
}

int main(void) {
    struct {
        const char *text;
        size_t size;
        int length;
        const char *escaped;
    } cases[] = {
        {"", 8, 0, ""},
        {"plain text", 32, 10, "plain text"},
        {"say \"hi\"", 32, 10, "say \\\"hi\\\""},
        {"C:\\temp\\new", 32, 13, "C:\\\\temp\\\\new"},
        {"line1\nline2\ttab", 32, 17, "line1\\nline2\\ttab"},
        {"bell\a", 32, 10, "bell\\u0007"},
        {"too long", 8, -1, ""},
        {"", 0, -1, ""},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[32] = "";
        int length = json_escape(cases[i].text, out, cases[i].size);
        if (length < 0) {
            out[0] = '\0';
        }
        printf("json_escape(case %zu) = %d \"%s\"\n", i, length, out);
        if (length != cases[i].length || strcmp(out, cases[i].escaped) != 0) {
            printf("  expected %d \"%s\"\n", cases[i].length, cases[i].escaped);
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
