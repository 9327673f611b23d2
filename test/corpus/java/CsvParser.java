import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

public class CsvParser {
    private static int failures = 0;

    /** Splits one CSV line into fields; quoted fields may hold commas and doubled quotes. */
    static List<String> parseLine(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            switch (c) {
                case '"':
                    if (quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = !quoted;
                    }
                    break;
                case ',':
                    if (quoted) {
                        field.append(c);
                    } else {
                        fields.add(field.toString());
                        field.setLength(0);
                    }
                    break;
                default:
                    field.append(c);
                    break;
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static void check(String line, List<String> expected) {
        List<String> got = parseLine(line);
        System.out.println("parseLine(" + line + ") = " + got + " (" + got.size() + " fields)");
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check("", List.of(""));
        check("a,b,c", List.of("a", "b", "c"));
        check("a,,c,", List.of("a", "", "c", ""));
        check("\"Smith, John\",42", List.of("Smith, John", "42"));
        check("\"say \"\"hi\"\"\",x", List.of("say \"hi\"", "x"));
        check("\"\"", List.of(""));
        check(" padded , kept ", List.of(" padded ", " kept "));
        check("\"unterminated,still one", List.of("unterminated,still one"));
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
