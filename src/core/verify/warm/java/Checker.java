import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The warm Java checker: one long-lived JVM that runs javac in-process (javax.tools), so a step
 * costs a compile by an already loaded and JIT-compiled javac instead of a JVM and javac start-up
 * (1.5 to 2 s of CPU for a small file). CodeMorph compiles this file on first use with the
 * workspace's own JDK, into its cache folder, and talks to it in JSON lines on standard input and
 * output (docs/warm-checkers.md):
 *
 *   {"id":1,"op":"ping"}
 *   {"id":2,"op":"javac","args":["-d","/abs/classes","-encoding","UTF-8","-nowarn","/abs/A.java"]}
 *
 * "javac" takes the command line CodeMorph would have run (paths made absolute, since a JVM cannot
 * change its working folder) and answers with what javac would have printed and its exit code:
 * the same option parsing, messages and "1 error" line, because it is javac's own command-line
 * entry point. Each compile gets a fresh javac context: nothing of one step is seen by the next.
 *
 *   {"id":3,"op":"javac-batch","encoding":"UTF-8","files":["/abs/0/A.java","/abs/1/A.java"]}
 *
 * "javac-batch" compiles many lone files (a beam round's candidates) in one javac task and answers,
 * per file, whether it certainly compiles without a word (see batch below).
 */
public final class Checker {
  private static final int VERSION = 1;

  public static void main(String[] argv) throws Exception {
    PrintStream protocol = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
    // anything else that prints (an annotation processor on the class path) must not break the protocol
    PrintStream sink = new PrintStream(OutputStream.nullOutputStream());
    System.setOut(sink);
    System.setErr(sink);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.isBlank()) continue;
      Map<String, Object> reply = new LinkedHashMap<>();
      try {
        Map<String, Object> request = Json.object(line);
        reply.put("id", request.get("id"));
        String op = String.valueOf(request.get("op"));
        if (op.equals("ping")) {
          reply.put("version", VERSION);
          reply.put("java", System.getProperty("java.version"));
        } else if (op.equals("javac")) {
          if (javac == null) throw new IllegalStateException("this JVM has no javac (a JRE, not a JDK)");
          List<String> args = new ArrayList<>();
          for (Object a : (List<?>) request.get("args")) args.add((String) a);
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          ByteArrayOutputStream err = new ByteArrayOutputStream();
          int code = javac.run(null, out, err, args.toArray(new String[0]));
          // javac wrote in the platform's charset, as it does to a terminal
          Charset charset = Charset.defaultCharset();
          reply.put("code", code);
          reply.put("stdout", out.toString(charset));
          reply.put("stderr", err.toString(charset));
        } else if (op.equals("javac-batch")) {
          if (javac == null) throw new IllegalStateException("this JVM has no javac (a JRE, not a JDK)");
          List<String> files = new ArrayList<>();
          for (Object f : (List<?>) request.get("files")) files.add((String) f);
          reply.put("clean", batch(javac, files, Charset.forName(String.valueOf(request.get("encoding")))));
        } else {
          reply.put("error", "unknown op " + op);
        }
      } catch (Throwable t) {
        reply.put("error", t.toString());
      }
      protocol.print(Json.write(reply));
      protocol.print('\n');
      protocol.flush();
    }
  }

  /**
   * Which of `files` compile cleanly, each as `javac -d <classes> -encoding <charset> -nowarn <file>`
   * run alone in its own folder would: exit 0 and nothing printed. One javac context (the costly
   * part of a warm compile: the platform's classes read and completed) serves them all. So that
   * their classes (all named alike: they are versions of one file) do not clash, each file is
   * compiled in a package of its own, declared at the start of its first line (no line moves); a
   * named package only narrows what a simple name can reach, so a file clean here is clean alone.
   * False means "not known": any diagnostic of a file (warnings included: the lint categories whose
   * notes -nowarn still prints are turned on, so each is tied to its file), and every file when a
   * diagnostic belongs to none. Errors in some files do not stop the others' attribution and flow
   * (should-stop.ifError=FLOW); the files left clean are then compiled again without them, through
   * every phase, until a task ends without errors.
   */
  static List<Boolean> batch(JavaCompiler javac, List<String> files, Charset charset) throws IOException {
    int n = files.size();
    List<Boolean> clean = new ArrayList<>();
    Map<URI, Integer> index = new HashMap<>();
    List<JavaFileObject> units = new ArrayList<>();
    List<Integer> left = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      clean.add(false);
      Path file = Paths.get(files.get(i));
      String text;
      try {
        text = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
      } catch (CharacterCodingException e) {
        units.add(null);
        continue; // javac has its own words for that: the file is checked alone
      }
      JavaFileObject unit = new Source(file.toUri(), "package codemorph_batch_" + i + "; " + text);
      units.add(unit);
      index.put(unit.toUri(), i);
      left.add(i);
    }
    while (!left.isEmpty()) {
      Path out = Files.createTempDirectory("codemorph-javac-batch-");
      DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
      StandardJavaFileManager manager = javac.getStandardFileManager(diagnostics, null, charset);
      try {
        List<String> options = List.of("-d", out.toString(), "-cp", out.toString(), "-encoding", charset.name(), "-Xlint:unchecked,deprecation,removal,preview", "-XDshould-stop.ifError=FLOW");
        List<JavaFileObject> task = new ArrayList<>();
        for (int i : left) task.add(units.get(i));
        StringWriter printed = new StringWriter();
        boolean ok = javac.getTask(printed, manager, diagnostics, options, null, task).call();
        Set<Integer> flagged = new HashSet<>();
        boolean unplaced = !printed.toString().isEmpty();
        boolean errors = !ok;
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
          if (d.getKind() == Diagnostic.Kind.ERROR) errors = true;
          Integer at = d.getSource() == null ? null : index.get(d.getSource().toUri());
          if (at == null) unplaced = true;
          else flagged.add(at);
        }
        if (unplaced || (errors && flagged.isEmpty())) break;
        left.removeAll(flagged);
        if (!errors) {
          for (int i : left) clean.set(i, true);
          break;
        }
      } finally {
        manager.close();
        try (Stream<Path> walk = Files.walk(out)) {
          walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
      }
    }
    return clean;
  }

  /** A file's text as javac is given it: under the file's own name, which the public class must match. */
  static final class Source extends SimpleJavaFileObject {
    private final String text;

    Source(URI uri, String text) {
      super(uri, JavaFileObject.Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }

  /** JSON as far as the protocol needs it: objects, arrays, strings, numbers, booleans, null. */
  static final class Json {
    private final String text;
    private int at;

    private Json(String text) {
      this.text = text;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String text) {
      Json p = new Json(text);
      Object value = p.value();
      p.space();
      if (!(value instanceof Map) || p.at != text.length()) throw new IllegalArgumentException("a request is one JSON object per line");
      return (Map<String, Object>) value;
    }

    private void space() {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
    }

    private char next() {
      space();
      if (at >= text.length()) throw new IllegalArgumentException("unexpected end of request");
      return text.charAt(at);
    }

    private void expect(char c) {
      if (next() != c) throw new IllegalArgumentException("expected " + c + " at " + at);
      at++;
    }

    private Object value() {
      char c = next();
      if (c == '{') {
        at++;
        Map<String, Object> map = new LinkedHashMap<>();
        if (next() == '}') {
          at++;
          return map;
        }
        while (true) {
          String key = string();
          expect(':');
          map.put(key, value());
          if (next() == ',') {
            at++;
            continue;
          }
          expect('}');
          return map;
        }
      }
      if (c == '[') {
        at++;
        List<Object> list = new ArrayList<>();
        if (next() == ']') {
          at++;
          return list;
        }
        while (true) {
          list.add(value());
          if (next() == ',') {
            at++;
            continue;
          }
          expect(']');
          return list;
        }
      }
      if (c == '"') return string();
      for (String word : new String[] {"true", "false", "null"}) {
        if (text.startsWith(word, at)) {
          at += word.length();
          return word.equals("null") ? null : Boolean.valueOf(word.equals("true"));
        }
      }
      int start = at;
      while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
      if (start == at) throw new IllegalArgumentException("unexpected " + c + " at " + at);
      String number = text.substring(start, at);
      double d = Double.parseDouble(number);
      return d == Math.rint(d) && Math.abs(d) < 1e15 ? (Object) Long.valueOf((long) d) : (Object) Double.valueOf(d);
    }

    private String string() {
      expect('"');
      StringBuilder sb = new StringBuilder();
      while (true) {
        if (at >= text.length()) throw new IllegalArgumentException("unterminated string");
        char c = text.charAt(at++);
        if (c == '"') return sb.toString();
        if (c != '\\') {
          sb.append(c);
          continue;
        }
        char e = text.charAt(at++);
        switch (e) {
          case 'n': sb.append('\n'); break;
          case 't': sb.append('\t'); break;
          case 'r': sb.append('\r'); break;
          case 'b': sb.append('\b'); break;
          case 'f': sb.append('\f'); break;
          case 'u':
            sb.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
            at += 4;
            break;
          default: sb.append(e);
        }
      }
    }

    static String write(Object value) {
      StringBuilder sb = new StringBuilder();
      write(sb, value);
      return sb.toString();
    }

    private static void write(StringBuilder sb, Object value) {
      if (value == null) {
        sb.append("null");
      } else if (value instanceof Map) {
        sb.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
          if (!first) sb.append(',');
          first = false;
          write(sb, String.valueOf(e.getKey()));
          sb.append(':');
          write(sb, e.getValue());
        }
        sb.append('}');
      } else if (value instanceof List) {
        sb.append('[');
        boolean first = true;
        for (Object o : (List<?>) value) {
          if (!first) sb.append(',');
          first = false;
          write(sb, o);
        }
        sb.append(']');
      } else if (value instanceof Number || value instanceof Boolean) {
        sb.append(value);
      } else {
        String s = value.toString();
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
          char c = s.charAt(i);
          if (c == '"' || c == '\\') sb.append('\\').append(c);
          else if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
          else sb.append(c);
        }
        sb.append('"');
      }
    }
  }
}
