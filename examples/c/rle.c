/* Run-length encoding of byte buffers, with an Adler-32 checksum to verify round trips. */
#include <stdio.h>
#include <string.h>

#define MAX_RUN 255

/* Encodes `input` as (count, byte) pairs; returns the encoded length, or -1 if it does not fit. */
int rle_encode(const unsigned char *input, int length, unsigned char *output, int capacity) {
    int written = 0;
    int i = 0;
    while (i < length) {
        unsigned char current = input[i];
        int run = 1;
        while (i + run < length && input[i + run] == current && run < MAX_RUN) {
            run++;
        }
        if (written + 2 > capacity) {
            return -1;
        }
        output[written] = (unsigned char)run;
        output[written + 1] = current;
        written += 2;
        i += run;
    }
    return written;
}

/* Expands (count, byte) pairs; returns the decoded length, or -1 on a malformed or oversized input. */
int rle_decode(const unsigned char *encoded, int length, unsigned char *output, int capacity) {
    int produced = 0;
    if (length % 2 != 0) {
        return -1;
    }
    for (int pair = 0; pair < length; pair += 2) {
        int count = encoded[pair];
        if (count == 0 || produced + count > capacity) {
            return -1;
        }
        for (int k = 0; k < count; k++) {
            output[produced + k] = encoded[pair + 1];
        }
        produced = produced + count;
    }
    return produced;
}

/* Adler-32 as used by zlib. */
unsigned long adler32(const unsigned char *data, int length) {
    const unsigned long modulus = 65521;
    unsigned long low = 1;
    unsigned long high = 0;
    for (int i = 0; i < length; i++) {
        low = (low + data[i]) % modulus;
        high = (high + low) % modulus;
    }
    return (high << 16) | low;
}

/* Percentage saved by encoding; negative when the encoding grew the data. */
int savings_percent(int original_length, int encoded_length) {
    int saved = 0;
    if (original_length <= 0) {
        return 0;
    } else if (encoded_length < original_length) {
        saved = original_length - encoded_length;
        saved *= 100;
        saved /= original_length;
    } else if (encoded_length > original_length) {
        saved = -((encoded_length - original_length) * 100 / original_length);
    }
    return saved;
}

static int failures = 0;

static void expect_int(const char *label, long actual, long expected) {
    printf("%s: %ld\n", label, actual);
    if (actual != expected) {
        fprintf(stderr, "MISMATCH in %s: expected %ld\n", label, expected);
        failures++;
    }
}

int main(void) {
    const char *text = "WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW";
    int length = (int)strlen(text);
    unsigned char encoded[128];
    unsigned char decoded[128];
    int encoded_length = rle_encode((const unsigned char *)text, length, encoded, (int)sizeof encoded);
    expect_int("original length", length, 67);
    expect_int("encoded length", encoded_length, 14);
    expect_int("first run", encoded[0], 12);
    int decoded_length = rle_decode(encoded, encoded_length, decoded, (int)sizeof decoded);
    expect_int("decoded length", decoded_length, length);
    expect_int("round trip", memcmp(decoded, text, (size_t)length) == 0, 1);
    expect_int("checksum", (long)adler32((const unsigned char *)text, length), 4139128413L);
    expect_int("decoded checksum", (long)adler32(decoded, decoded_length), 4139128413L);
    expect_int("wikipedia checksum", (long)adler32((const unsigned char *)"Wikipedia", 9), 0x11E60398L);
    expect_int("savings", savings_percent(length, encoded_length), 79);
    expect_int("growth", savings_percent(4, 8), -100);
    expect_int("too small", rle_encode((const unsigned char *)"abc", 3, encoded, 4), -1);
    unsigned char malformed[] = {3, 'x', 0, 'y'};
    expect_int("malformed", rle_decode(malformed, 4, decoded, (int)sizeof decoded), -1);
    if (failures > 0) {
        printf("%d checks failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
