#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes value in base 2-36 into buffer; returns the length written, or -1 for a bad base or a short buffer. */
int format_in_base(long value, int base, char *buffer, size_t size) {
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    if (base < 2 || base > 36 || size == 0) {
        return -1;
    }
    char scratch[72];
    int length = 0;
    int negative = value < 0;
    unsigned long magnitude = negative ? 0UL - (unsigned long)value : (unsigned long)value;
    do {
        scratch[length++] = digits[magnitude % (unsigned long)base];
        magnitude /= (unsigned long)base;
    } while (magnitude != 0);
    if (negative) {
        scratch[length++] = '-';
    }
    if ((size_t)length + 1 > size) {
        return -1;
    }
    for (int i = 0; i < length; i++) {
        buffer[i] = scratch[length - 1 - i];
    }
    buffer[length] = '\0';
    return length;
}

int main(void) {
    struct {
        long value;
        int base;
        size_t size;
        int length;
        const char *text;
    } cases[] = {
        {0, 10, 16, 1, "0"},
        {255, 16, 16, 2, "ff"},
        {255, 2, 16, 8, "11111111"},
        {-42, 10, 16, 3, "-42"},
        {35, 36, 16, 1, "z"},
        {123456789, 36, 16, 6, "21i3v9"},
        {-9223372036854775807L - 1, 16, 32, 17, "-8000000000000000"},
        {100, 1, 16, -1, ""},
        {100000, 10, 4, -1, ""},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buffer[32] = "";
        int length = format_in_base(cases[i].value, cases[i].base, buffer, cases[i].size);
        printf("format_in_base(%ld, %d) = %d \"%s\"\n", cases[i].value, cases[i].base, length, buffer);
        if (length != cases[i].length || strcmp(buffer, cases[i].text) != 0) {
            printf("  expected %d \"%s\"\n", cases[i].length, cases[i].text);
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
