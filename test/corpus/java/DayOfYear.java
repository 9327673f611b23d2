import java.util.Objects;

public class DayOfYear {
    private static int failures = 0;

    /** The ordinal day (1-366) of a Gregorian date, or -1 when the date does not exist. */
    static int dayOfYear(int year, int month, int day) {
        if (month < 1 || month > 12 || day < 1) {
            return -1;
        }
        boolean leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        int total = 0;
        for (int m = 1; m <= month; m++) {
            int length;
            switch (m) {
                case 2:
                    length = leap ? 29 : 28;
                    break;
                case 4:
                case 6:
                case 9:
                case 11:
                    length = 30;
                    break;
                default:
                    length = 31;
                    break;
            }
            if (m == month) {
                if (day > length) {
                    return -1;
                }
                total += day;
            } else {
                total += length;
            }
        }
        return total;
    }

    private static void check(int year, int month, int day, int expected) {
        int got = dayOfYear(year, month, day);
        System.out.println("dayOfYear(" + year + ", " + month + ", " + day + ") = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check(2023, 1, 1, 1);
        check(2023, 12, 31, 365);
        check(2024, 12, 31, 366);
        check(2024, 3, 1, 61);
        check(2023, 3, 1, 60);
        check(2024, 2, 29, 60);
        check(2023, 2, 29, -1);
        check(1900, 2, 29, -1);
        check(2000, 2, 29, 60);
        check(2023, 4, 31, -1);
        check(2023, 13, 1, -1);
        check(2023, 6, 0, -1);
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
