// JavaRunner: answers URL requests with java.net.URI and java.net.URL, one
// JSON line per request holding both libraries' answers, for the oracles of
// the java-uri and java-url models (tests/data/servers/answers-java.jsonl.gz).
//
//     java scripts/servers/JavaRunner.java < requests.jsonl > answers.jsonl
//     java scripts/servers/JavaRunner.java --version
//
// Run as a single source file (no build step) with the machine's OpenJDK 17
// (Debian's openjdk-17-jdk-headless, /usr/lib/jvm/java-17-openjdk-amd64).
// One JVM answers the whole file; each answer line is flushed at once, so a
// program can also keep one runner open and ask it one request at a time.
//
// Input: one JSON object a line, {"input": STRING, "base": STRING or null,
// ...}; other keys are ignored. The JDK has no JSON library, so a small
// reader below decodes exactly what JSON allows (\\uXXXX escapes give UTF-16
// units, as Java strings are).
//
// What is asked (the project's definition of a request for each library):
//
//   java.net.URI  without a base: u = new URI(input)
//                 with a base:    u = new URI(base).resolve(new URI(input))
//                 then, in this order: u.toString(), u.toASCIIString(),
//                 getScheme(), getRawSchemeSpecificPart(), getRawAuthority(),
//                 getRawUserInfo(), getHost(), getPort(), getRawPath(),
//                 getPath(), getRawQuery(), getRawFragment(), isOpaque(),
//                 isAbsolute(). The order matters for a resolved URI: its
//                 toString() fixes the string that getRawSchemeSpecificPart()
//                 then cuts, as any program printing the URI first sees.
//   java.net.URL  without a base: u = new URL(input)
//                 with a base:    u = new URL(new URL(base), input)
//                 then u.toExternalForm(), getProtocol(), getAuthority(),
//                 getUserInfo(), getHost(), getPort(), getDefaultPort(),
//                 getPath(), getQuery(), getRef(), getFile().
//
// Output, in the same order, one object a line:
//
//   {"uri": {"ok":true,"string":..,"ascii":..,"scheme":..,"raw_ssp":..,
//            "raw_authority":..,"raw_user_info":..,"host":..,"port":int,
//            "raw_path":..,"path":..,"raw_query":..,"raw_fragment":..,
//            "opaque":bool,"absolute":bool}
//          or {"ok":false,"error":"java.net.URISyntaxException: <message>",
//              "stage":"base"|"input"},
//    "url": {"ok":true,"external":..,"protocol":..,"authority":..,
//            "user_info":..,"host":..,"port":int,"default_port":int,
//            "path":..,"query":..,"ref":..,"file":..}
//          or {"ok":false,"error":"java.net.MalformedURLException: <message>",
//              "stage":"base"|"input"}}
//
// null is JSON null. An error is the exception's class name, ": " and its
// getMessage(), exactly as thrown (a null message is written "null"); any
// Throwable is caught, so no input ends the runner. "stage" says which call
// threw: the base's constructor, or the input's (with a base, URI.resolve
// itself never throws). Strings are written as JSON strings, non-ASCII as
// UTF-8, controls escaped; a string holding a lone surrogate (not valid
// Unicode, so not UTF-8) would be written {"bytes":"<hex of its WTF-8>"}: the
// request files never give one, and neither library makes one from them.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;

public class JavaRunner {

    public static void main(String[] args) throws Exception {
        BufferedWriter out = new BufferedWriter(
                new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        if (args.length > 0 && args[0].equals("--version")) {
            out.write("java.net.URI and java.net.URL of OpenJDK "
                    + System.getProperty("java.runtime.version") + " ("
                    + System.getProperty("java.vm.vendor") + ", "
                    + System.getProperty("java.home") + ")\n");
            out.flush();
            return;
        }
        BufferedReader in = new BufferedReader(
                new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.trim().isEmpty()) {
                continue;
            }
            StringBuilder sb = new StringBuilder(256);
            try {
                Json.Request r = Json.readRequest(line);
                sb.append("{\"uri\":");
                uri(sb, r.input, r.base);
                sb.append(",\"url\":");
                url(sb, r.input, r.base);
                sb.append('}');
            } catch (Throwable t) {
                // a line that is not a request: both answers say so
                sb.setLength(0);
                String e = "{\"ok\":false,\"error\":" + Json.string(describe(t))
                        + ",\"stage\":\"request\"}";
                sb.append("{\"uri\":").append(e).append(",\"url\":").append(e).append('}');
            }
            sb.append('\n');
            out.write(sb.toString());
            out.flush();
        }
    }

    static String describe(Throwable t) {
        return t.getClass().getName() + ": " + t.getMessage();
    }

    static void uri(StringBuilder sb, String input, String base) {
        String stage = "base";
        try {
            URI u;
            if (base == null) {
                stage = "input";
                u = new URI(input);
            } else {
                URI b = new URI(base);
                stage = "input";
                u = b.resolve(new URI(input));
            }
            String string = u.toString();
            String ascii = u.toASCIIString();
            Json.Obj o = new Json.Obj(sb);
            o.bool("ok", true);
            o.str("string", string);
            o.str("ascii", ascii);
            o.str("scheme", u.getScheme());
            o.str("raw_ssp", u.getRawSchemeSpecificPart());
            o.str("raw_authority", u.getRawAuthority());
            o.str("raw_user_info", u.getRawUserInfo());
            o.str("host", u.getHost());
            o.num("port", u.getPort());
            o.str("raw_path", u.getRawPath());
            o.str("path", u.getPath());
            o.str("raw_query", u.getRawQuery());
            o.str("raw_fragment", u.getRawFragment());
            o.bool("opaque", u.isOpaque());
            o.bool("absolute", u.isAbsolute());
            o.end();
        } catch (Throwable t) {
            failure(sb, t, stage);
        }
    }

    static void url(StringBuilder sb, String input, String base) {
        String stage = "base";
        try {
            URL u;
            if (base == null) {
                stage = "input";
                u = new URL(input);
            } else {
                URL b = new URL(base);
                stage = "input";
                u = new URL(b, input);
            }
            Json.Obj o = new Json.Obj(sb);
            o.bool("ok", true);
            o.str("external", u.toExternalForm());
            o.str("protocol", u.getProtocol());
            o.str("authority", u.getAuthority());
            o.str("user_info", u.getUserInfo());
            o.str("host", u.getHost());
            o.num("port", u.getPort());
            o.num("default_port", u.getDefaultPort());
            o.str("path", u.getPath());
            o.str("query", u.getQuery());
            o.str("ref", u.getRef());
            o.str("file", u.getFile());
            o.end();
        } catch (Throwable t) {
            failure(sb, t, stage);
        }
    }

    static void failure(StringBuilder sb, Throwable t, String stage) {
        int mark = sb.length();
        try {
            Json.Obj o = new Json.Obj(sb);
            o.bool("ok", false);
            o.str("error", describe(t));
            o.str("stage", stage);
            o.end();
        } catch (Throwable again) {
            sb.setLength(mark);
            sb.append("{\"ok\":false,\"error\":\"unprintable\",\"stage\":\"").append(stage).append("\"}");
        }
    }

    /** The small exact JSON reader and writer the runner needs. */
    static final class Json {

        static final class Request {
            String input;
            String base;
        }

        /** Reads {"input": STRING, "base": STRING|null, ...}. */
        static Request readRequest(String line) {
            Reader r = new Reader(line);
            Request req = new Request();
            r.ws();
            r.expect('{');
            r.ws();
            if (r.peek() == '}') {
                r.pos++;
            } else {
                for (;;) {
                    r.ws();
                    String key = r.string();
                    r.ws();
                    r.expect(':');
                    r.ws();
                    Object v = r.value();
                    if (key.equals("input")) {
                        req.input = (String) v;
                    } else if (key.equals("base")) {
                        req.base = (String) v;
                    }
                    r.ws();
                    char c = r.next();
                    if (c == '}') {
                        break;
                    }
                    if (c != ',') {
                        throw new IllegalArgumentException("JSON: ',' or '}' expected at " + (r.pos - 1));
                    }
                }
            }
            if (req.input == null) {
                throw new IllegalArgumentException("JSON: no \"input\" string");
            }
            return req;
        }

        static final class Reader {
            final String s;
            int pos;

            Reader(String s) {
                this.s = s;
            }

            char peek() {
                if (pos >= s.length()) {
                    throw new IllegalArgumentException("JSON: unexpected end");
                }
                return s.charAt(pos);
            }

            char next() {
                char c = peek();
                pos++;
                return c;
            }

            void expect(char c) {
                if (next() != c) {
                    throw new IllegalArgumentException("JSON: '" + c + "' expected at " + (pos - 1));
                }
            }

            void ws() {
                while (pos < s.length()) {
                    char c = s.charAt(pos);
                    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                        break;
                    }
                    pos++;
                }
            }

            /** Any value; only strings and null are kept, the rest skipped. */
            Object value() {
                char c = peek();
                if (c == '"') {
                    return string();
                }
                if (c == '{' || c == '[') {
                    char close = c == '{' ? '}' : ']';
                    pos++;
                    ws();
                    if (peek() == close) {
                        pos++;
                        return null;
                    }
                    for (;;) {
                        ws();
                        if (c == '{') {
                            string();
                            ws();
                            expect(':');
                            ws();
                        }
                        value();
                        ws();
                        char d = next();
                        if (d == close) {
                            return null;
                        }
                        if (d != ',') {
                            throw new IllegalArgumentException("JSON: bad container at " + (pos - 1));
                        }
                    }
                }
                // a literal or a number: skip to its end
                int start = pos;
                while (pos < s.length() && ",}] \t\r\n".indexOf(s.charAt(pos)) < 0) {
                    pos++;
                }
                String word = s.substring(start, pos);
                if (word.isEmpty()) {
                    throw new IllegalArgumentException("JSON: value expected at " + start);
                }
                return null;
            }

            String string() {
                expect('"');
                StringBuilder b = new StringBuilder();
                for (;;) {
                    char c = next();
                    if (c == '"') {
                        return b.toString();
                    }
                    if (c < 0x20) {
                        throw new IllegalArgumentException("JSON: control in a string at " + (pos - 1));
                    }
                    if (c != '\\') {
                        b.append(c);
                        continue;
                    }
                    char e = next();
                    switch (e) {
                        case '"': b.append('"'); break;
                        case '\\': b.append('\\'); break;
                        case '/': b.append('/'); break;
                        case 'b': b.append('\b'); break;
                        case 'f': b.append('\f'); break;
                        case 'n': b.append('\n'); break;
                        case 'r': b.append('\r'); break;
                        case 't': b.append('\t'); break;
                        case 'u': {
                            if (pos + 4 > s.length()) {
                                throw new IllegalArgumentException("JSON: short \\u escape");
                            }
                            int v = 0;
                            for (int k = 0; k < 4; k++) {
                                int d = Character.digit(s.charAt(pos++), 16);
                                if (d < 0 || s.charAt(pos - 1) > 'f') {
                                    throw new IllegalArgumentException("JSON: bad \\u escape");
                                }
                                v = v * 16 + d;
                            }
                            b.append((char) v);
                            break;
                        }
                        default:
                            throw new IllegalArgumentException("JSON: bad escape at " + (pos - 1));
                    }
                }
            }
        }

        /** Writes one object's members in order. */
        static final class Obj {
            final StringBuilder sb;
            boolean first = true;

            Obj(StringBuilder sb) {
                this.sb = sb;
                sb.append('{');
            }

            void key(String k) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                sb.append('"').append(k).append("\":");
            }

            void str(String k, String v) {
                key(k);
                sb.append(string(v));
            }

            void num(String k, int v) {
                key(k);
                sb.append(v);
            }

            void bool(String k, boolean v) {
                key(k);
                sb.append(v);
            }

            void end() {
                sb.append('}');
            }
        }

        private static final char[] HEX = "0123456789abcdef".toCharArray();

        /** A JSON string, or null, or {"bytes":..} for a lone surrogate. */
        static String string(String v) {
            if (v == null) {
                return "null";
            }
            StringBuilder b = new StringBuilder(v.length() + 2);
            b.append('"');
            for (int i = 0; i < v.length(); i++) {
                char c = v.charAt(i);
                if (Character.isHighSurrogate(c) && i + 1 < v.length()
                        && Character.isLowSurrogate(v.charAt(i + 1))) {
                    b.append(c).append(v.charAt(++i));
                    continue;
                }
                if (Character.isSurrogate(c)) {
                    return bytes(v);
                }
                switch (c) {
                    case '"': b.append("\\\""); break;
                    case '\\': b.append("\\\\"); break;
                    case '\n': b.append("\\n"); break;
                    case '\r': b.append("\\r"); break;
                    case '\t': b.append("\\t"); break;
                    case '\b': b.append("\\b"); break;
                    case '\f': b.append("\\f"); break;
                    default:
                        if (c < 0x20 || c == 0x7f) {
                            b.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 15]);
                        } else {
                            b.append(c);
                        }
                }
            }
            return b.append('"').toString();
        }

        /** {"bytes":"<hex>"}: the string's code points in UTF-8, a lone
         *  surrogate as its own three bytes (WTF-8). */
        static String bytes(String v) {
            StringBuilder b = new StringBuilder("{\"bytes\":\"");
            int i = 0;
            while (i < v.length()) {
                int cp = v.codePointAt(i);
                i += Character.charCount(cp);
                byte[] enc;
                if (cp < 0x80) {
                    enc = new byte[] {(byte) cp};
                } else if (cp < 0x800) {
                    enc = new byte[] {(byte) (0xc0 | cp >> 6), (byte) (0x80 | cp & 63)};
                } else if (cp < 0x10000) {
                    enc = new byte[] {(byte) (0xe0 | cp >> 12), (byte) (0x80 | cp >> 6 & 63),
                        (byte) (0x80 | cp & 63)};
                } else {
                    enc = new byte[] {(byte) (0xf0 | cp >> 18), (byte) (0x80 | cp >> 12 & 63),
                        (byte) (0x80 | cp >> 6 & 63), (byte) (0x80 | cp & 63)};
                }
                for (byte x : enc) {
                    b.append(HEX[(x >> 4) & 15]).append(HEX[x & 15]);
                }
            }
            return b.append("\"}").toString();
        }
    }
}
