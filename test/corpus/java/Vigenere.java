import java.util.Objects;

public class Vigenere {
    private static int failures = 0;

    /**
     * Vigenère cipher over ASCII letters, keeping their case; other characters pass
     * through and do not use up key letters. The key must consist of letters.
     */
    static String vigenere(String text, String key, boolean decrypt) {
        if (key.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int keyIndex = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            char base;
            if (c >= 'a' && c <= 'z') {
                base = 'a';
            } else if (c >= 'A' && c <= 'Z') {
                base = 'A';
            } else {
                out.append(c);
                continue;
            }
            int shift = Character.toLowerCase(key.charAt(keyIndex % key.length())) - 'a';
            if (decrypt) {
                shift = 26 - shift;
            }
            out.append((char) (base + (c - base + shift) % 26));
            keyIndex++;
        }
        return out.toString();
    }

    private static void check(String label, Object got, Object expected) {
        System.out.println(label + " = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check("encrypt(ATTACKATDAWN, LEMON)", vigenere("ATTACKATDAWN", "LEMON", false), "LXFOPVEFRNHR");
        check("decrypt(LXFOPVEFRNHR, LEMON)", vigenere("LXFOPVEFRNHR", "LEMON", true), "ATTACKATDAWN");
        check("encrypt(Attack at dawn!, lemon)", vigenere("Attack at dawn!", "lemon", false), "Lxfopv ef rnhr!");
        check("decrypt(Lxfopv ef rnhr!, Lemon)", vigenere("Lxfopv ef rnhr!", "Lemon", true), "Attack at dawn!");
        check("encrypt(xyz, b)", vigenere("xyz", "b", false), "yza");
        check("encrypt(hello, a)", vigenere("hello", "a", false), "hello");
        check("encrypt(hello, \"\")", vigenere("hello", "", false), "hello");
        check("encrypt(\"\", key)", vigenere("", "key", false), "");
        check("encrypt(123-456, key)", vigenere("123-456", "key", false), "123-456");
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
