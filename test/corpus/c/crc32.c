#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) of a byte buffer, computed bit by bit. */
unsigned long crc32(const unsigned char *data, size_t length) {
    unsigned long crc = 0xFFFFFFFFUL;
    for (size_t i = 0; i < length; i++) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; bit++) {
            if (crc & 1UL) {
                crc = (crc >> 1) ^ 0xEDB88320UL;
            } else {
                crc >>= 1;
            }
        }
    }
    return (crc ^ 0xFFFFFFFFUL) & 0xFFFFFFFFUL;
}

int main(void) {
    const char *inputs[] = {"", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog"};
    const unsigned long expected[] = {0x00000000UL, 0xE8B7BE43UL, 0x352441C2UL, 0xCBF43926UL, 0x414FA339UL};
    int failures = 0;
    for (int i = 0; i < 5; i++) {
        unsigned long result = crc32((const unsigned char *)inputs[i], strlen(inputs[i]));
        printf("crc32(\"%s\") = %08lx\n", inputs[i], result);
        if (result != expected[i]) {
            printf("  expected %08lx\n", expected[i]);
            failures++;
        }
    }
    const unsigned char binary[] = {0x00, 0xFF, 0x00, 0xFF};
    unsigned long binary_crc = crc32(binary, sizeof binary);
    printf("crc32({00 ff 00 ff}) = %08lx\n", binary_crc);
    if (binary_crc != 0xB2DE047CUL) {
        printf("  expected b2de047c\n");
        failures++;
    }
    if (failures > 0) {
        printf("%d check(s) failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("all checks passed\n");
    return EXIT_SUCCESS;
}
