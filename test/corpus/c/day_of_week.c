#include <stdio.h>
#include <stdlib.h>

/* Day of the week of a Gregorian date from 1583 on (0 = Sunday ... 6 = Saturday), -1 for an invalid date. */
int day_of_week(int year, int month, int day) {
    int max_day;
    switch (month) {
    case 2:
        max_day = ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0) ? 29 : 28;
        break;
    case 4:
    case 6:
    case 9:
    case 11:
        max_day = 30;
        break;
    default:
        max_day = 31;
        break;
    }
    if (year < 1583 || month < 1 || month > 12 || day < 1 || day > max_day) {
        return -1;
    }
    if (month < 3) {
        month += 12;
        year -= 1;
    }
    int k = year % 100;
    int j = year / 100;
    int h = (day + 13 * (month + 1) / 5 + k + k / 4 + j / 4 + 5 * j) % 7;
    return (h + 6) % 7;
}

int main(void) {
    const int dates[][3] = {
        {2000, 1, 1}, {2024, 2, 29}, {2023, 2, 29}, {1969, 7, 20}, {2038, 1, 19},
        {1900, 3, 1}, {2024, 4, 31}, {2024, 13, 1}, {1582, 10, 15}, {2099, 12, 31},
    };
    const int expected[] = {6, 4, -1, 0, 2, 4, -1, -1, -1, 4};
    int failures = 0;
    for (int i = 0; i < 10; i++) {
        int result = day_of_week(dates[i][0], dates[i][1], dates[i][2]);
        printf("day_of_week(%d-%02d-%02d) = %d\n", dates[i][0], dates[i][1], dates[i][2], result);
        if (result != expected[i]) {
            printf("  expected %d\n", expected[i]);
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
