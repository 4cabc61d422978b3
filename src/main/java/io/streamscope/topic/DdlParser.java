package io.streamscope.topic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.sparktypes.SparkTypeJson;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses Spark DDL schema strings, as {@code from_json(col, "order_id INT, amount DECIMAL(10,2)")} takes them: a
 * comma-separated column list ({@code name TYPE [NOT NULL] [COMMENT '…']}) or a single {@code STRUCT<…>} type, with
 * {@code ARRAY<…>}, {@code MAP<…, …>}, nested {@code STRUCT<name[:] TYPE, …>}, backquoted names (a doubled
 * backquote inside is one backquote), and Spark's type synonyms. Keywords are case-insensitive; names keep their case.
 * Like from_json, it also takes a schema in Spark's JSON form ({@code {"type":"struct","fields":[…]}}). Comments are
 * checked and dropped: {@link SparkType.Field} has no place for them.
 */
public final class DdlParser {

    private enum Kind { WORD, QUOTED_NAME, NUMBER, STRING, SYMBOL, END }

    private record Token(Kind kind, String text, int start) {
        boolean is(String symbolOrKeyword) {
            return (kind == Kind.SYMBOL || kind == Kind.WORD) && text.equalsIgnoreCase(symbolOrKeyword);
        }

        String describe() {
            return switch (kind) {
                case END -> "the end";
                case STRING -> "a string";
                case QUOTED_NAME -> "`" + text + "`";
                default -> "'" + text + "'";
            };
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String text;
    private final List<Token> tokens;
    private int next;

    private DdlParser(String text) throws SchemaException {
        this.text = text;
        this.tokens = tokenize(text);
    }

    /**
     * A schema for from_json: the fields of a struct, given as a column list or as one {@code STRUCT<…>}.
     *
     * @throws SchemaException naming the character where parsing failed
     */
    public static SparkType.Struct parseSchema(String ddl) throws SchemaException {
        try {
            return parseSchemaText(ddl);
        } catch (StackOverflowError e) {
            // The parser recurses per nesting level and holds nothing shared: the overflow is safe to report.
            throw tooDeep(ddl);
        }
    }

    private static SparkType.Struct parseSchemaText(String ddl) throws SchemaException {
        if (ddl.strip().startsWith("{")) {
            return parseJsonSchema(ddl);
        }
        DdlParser parser = new DdlParser(ddl);
        Token first = parser.peek();
        if (first.is("STRUCT") || first.is("ARRAY") || first.is("MAP")) {
            Token second = parser.tokens.get(Math.min(1, parser.tokens.size() - 1));
            if (second.is("<")) {
                SparkType type = parser.type();
                parser.expectEnd();
                if (type instanceof SparkType.Struct struct) {
                    return struct;
                }
                throw new SchemaException("schema " + ddlOf(type) + " is not a struct: Streamscope decodes from_json"
                        + " with a struct schema (the record's fields), not a top-level ARRAY or MAP", 0);
            }
        }
        List<SparkType.Field> fields = new ArrayList<>();
        do {
            fields.add(parser.column(false));
        } while (parser.accept(","));
        parser.expectEnd();
        return new SparkType.Struct(fields);
    }

    private static SparkType.Struct parseJsonSchema(String json) throws SchemaException {
        try {
            return SparkTypeJson.parseStruct(JSON.readTree(json));
        } catch (JsonProcessingException e) {
            throw new SchemaException("schema " + json.strip() + " is not valid JSON: " + e.getOriginalMessage(), -1);
        } catch (IllegalArgumentException e) {
            throw new SchemaException("schema " + json.strip() + " is not a Spark struct type: " + e.getMessage(), -1);
        }
    }

    /** One data type, e.g. {@code ARRAY<STRUCT<a: INT>>}. */
    public static SparkType parseType(String text) throws SchemaException {
        try {
            DdlParser parser = new DdlParser(text);
            SparkType type = parser.type();
            parser.expectEnd();
            return type;
        } catch (StackOverflowError e) {
            throw tooDeep(text);
        }
    }

    private static SchemaException tooDeep(String text) {
        return new SchemaException("schema of " + text.length() + " characters is nested too deeply to parse"
                + " on this thread's stack", -1);
    }

    private SparkType.Field column(boolean inStruct) throws SchemaException {
        Token name = take();
        if (name.kind() != Kind.WORD && name.kind() != Kind.QUOTED_NAME) {
            throw error(name, "expected a field name, found " + name.describe());
        }
        if (inStruct) {
            accept(":");
        }
        if (peek().kind() == Kind.END || peek().is(",") || peek().is(">")) {
            throw error(peek(), "expected a type after " + name.describe() + ", found " + peek().describe());
        }
        SparkType type = type();
        boolean nullable = true;
        if (peek().is("NOT")) {
            take();
            expect("NULL", "after NOT");
            nullable = false;
        }
        if (peek().is("COMMENT")) {
            take();
            Token literal = take();
            if (literal.kind() != Kind.STRING) {
                throw error(literal, "expected a quoted comment after COMMENT, found " + literal.describe());
            }
            while (peek().kind() == Kind.STRING) {
                take();
            }
        }
        return new SparkType.Field(name.text(), type, nullable);
    }

    // The nested types recurse through small frames (the type-name switch is in its own method), so that a
    // schema nested a thousand deep parses without a stack overflow.
    private SparkType type() throws SchemaException {
        Token word = take();
        if (word.kind() != Kind.WORD) {
            throw error(word, "expected a type, found " + word.describe());
        }
        if (word.is("ARRAY")) {
            expect("<", "after ARRAY");
            SparkType element = type();
            if (!accept(">")) {
                throw expected(">", "to close ARRAY<" + ddlOf(element));
            }
            return new SparkType.Array(element, true);
        }
        if (word.is("MAP")) {
            expect("<", "after MAP");
            SparkType key = type();
            expect(",", "between the key and value types of MAP");
            SparkType value = type();
            if (!accept(">")) {
                throw expected(">", "to close MAP<" + ddlOf(key) + ", " + ddlOf(value));
            }
            return new SparkType.MapType(key, value, true);
        }
        if (word.is("STRUCT")) {
            return struct();
        }
        return simpleType(word);
    }

    private SparkType simpleType(Token word) throws SchemaException {
        String name = word.text().toUpperCase(Locale.ROOT);
        return switch (name) {
            case "BOOLEAN" -> SparkType.Atomic.BOOLEAN;
            case "TINYINT", "BYTE" -> SparkType.Atomic.BYTE;
            case "SMALLINT", "SHORT" -> SparkType.Atomic.SHORT;
            case "INT", "INTEGER" -> SparkType.Atomic.INTEGER;
            case "BIGINT", "LONG" -> SparkType.Atomic.LONG;
            case "FLOAT", "REAL" -> SparkType.Atomic.FLOAT;
            case "DOUBLE" -> SparkType.Atomic.DOUBLE;
            case "DATE" -> SparkType.Atomic.DATE;
            case "TIMESTAMP", "TIMESTAMP_LTZ" -> SparkType.Atomic.TIMESTAMP;
            case "TIMESTAMP_NTZ" -> SparkType.Atomic.TIMESTAMP_NTZ;
            case "BINARY" -> SparkType.Atomic.BINARY;
            case "VOID" -> SparkType.Atomic.NULL;
            case "STRING" -> string();
            case "DECIMAL", "DEC", "NUMERIC" -> decimal(word);
            case "CHAR", "CHARACTER", "VARCHAR" -> throw error(word, name + " is not allowed here: Spark refuses CHAR"
                    + " and VARCHAR outside table schemas (UNSUPPORTED_CHAR_OR_VARCHAR_AS_STRING); use STRING");
            case "INTERVAL", "VARIANT", "TIME" -> throw error(word, name + " is a Spark type Streamscope does not decode yet");
            default -> throw error(word, "unknown type '" + word.text() + "'");
        };
    }

    private SparkType string() throws SchemaException {
        if (peek().is("COLLATE")) {
            // Collations change comparisons, not what from_json reads.
            take();
            Token collation = take();
            if (collation.kind() != Kind.WORD && collation.kind() != Kind.QUOTED_NAME) {
                throw error(collation, "expected a collation name after COLLATE, found " + collation.describe());
            }
        }
        return SparkType.Atomic.STRING;
    }

    private SparkType decimal(Token word) throws SchemaException {
        int precision = 10;
        int scale = 0;
        if (accept("(")) {
            precision = integer("precision");
            if (accept(",")) {
                scale = integer("scale");
            }
            expect(")", "to close " + word.text() + "(");
        }
        if (precision < 1 || precision > 38) {
            throw error(word, "decimal precision " + precision + " is not between 1 and 38");
        }
        if (scale > precision) {
            throw error(word, "decimal scale " + scale + " is larger than its precision " + precision);
        }
        return new SparkType.Decimal(precision, scale);
    }

    private SparkType.Struct struct() throws SchemaException {
        expect("<", "after STRUCT");
        List<SparkType.Field> fields = new ArrayList<>();
        if (!accept(">")) {
            do {
                fields.add(column(true));
            } while (accept(","));
            expect(">", "to close STRUCT<");
        }
        return new SparkType.Struct(fields);
    }

    private int integer(String what) throws SchemaException {
        Token token = take();
        if (token.kind() != Kind.NUMBER) {
            throw error(token, "expected the " + what + " as a number, found " + token.describe());
        }
        try {
            return Integer.parseInt(token.text());
        } catch (NumberFormatException e) {
            throw error(token, "the " + what + " " + token.text() + " is too large");
        }
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        Token token = tokens.get(next);
        if (token.kind() != Kind.END) {
            next++;
        }
        return token;
    }

    private boolean accept(String symbol) {
        if (peek().is(symbol)) {
            next++;
            return true;
        }
        return false;
    }

    private void expect(String symbol, String context) throws SchemaException {
        if (!accept(symbol)) {
            throw expected(symbol, context);
        }
    }

    private SchemaException expected(String symbol, String context) {
        return error(peek(), "expected '" + symbol + "' " + context + ", found " + peek().describe());
    }

    private void expectEnd() throws SchemaException {
        if (peek().kind() != Kind.END) {
            throw error(peek(), "unexpected " + peek().describe() + (peek().is(">") ? " (one '>' too many?)"
                    : " (a missing comma?)"));
        }
    }

    private SchemaException error(Token at, String message) {
        return error(text, at.start(), message);
    }

    private static SchemaException error(String text, int position, String message) {
        return new SchemaException("schema \"" + text + "\" at character " + (position + 1) + ": " + message, position);
    }

    private static List<Token> tokenize(String text) throws SchemaException {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '`') {
                StringBuilder name = new StringBuilder();
                int start = i++;
                while (true) {
                    if (i >= text.length()) {
                        throw error(text, start, "a backquoted name is not closed");
                    }
                    char d = text.charAt(i++);
                    if (d == '`') {
                        if (i < text.length() && text.charAt(i) == '`') {
                            name.append('`');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        name.append(d);
                    }
                }
                tokens.add(new Token(Kind.QUOTED_NAME, name.toString(), start));
            } else if (c == '\'' || c == '"') {
                int start = i++;
                StringBuilder value = new StringBuilder();
                while (true) {
                    if (i >= text.length()) {
                        throw error(text, start, "a quoted string is not closed");
                    }
                    char d = text.charAt(i++);
                    if (d == c) {
                        // A doubled quote is one quote, as in recent Spark lexers (older ones read two literals).
                        if (i < text.length() && text.charAt(i) == c) {
                            value.append(c);
                            i++;
                            continue;
                        }
                        break;
                    }
                    if (d == '\\' && i < text.length()) {
                        char e = text.charAt(i++);
                        value.append(switch (e) {
                            case 'n' -> '\n';
                            case 't' -> '\t';
                            case 'r' -> '\r';
                            case '0' -> '\0';
                            default -> e;
                        });
                    } else {
                        value.append(d);
                    }
                }
                tokens.add(new Token(Kind.STRING, value.toString(), start));
            } else if (isWordChar(c)) {
                int start = i;
                while (i < text.length() && isWordChar(text.charAt(i))) {
                    i++;
                }
                String word = text.substring(start, i);
                tokens.add(new Token(word.chars().allMatch(Character::isDigit) ? Kind.NUMBER : Kind.WORD, word, start));
            } else if ("<>(),:".indexOf(c) >= 0) {
                tokens.add(new Token(Kind.SYMBOL, String.valueOf(c), i++));
            } else {
                throw error(text, i, "unexpected character '" + c + "'");
            }
        }
        tokens.add(new Token(Kind.END, "", text.length()));
        return tokens;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /** The schema as DDL, e.g. {@code order_id INT, amount DECIMAL(10,2)}; parses back to an equal schema. */
    public static String toDdl(SparkType.Struct schema) {
        StringBuilder out = new StringBuilder();
        appendFields(out, schema, " ");
        return out.toString();
    }

    /** The DDL spelling of a type, e.g. {@code ARRAY<STRUCT<a: INT>>}. */
    public static String ddlOf(SparkType type) {
        StringBuilder out = new StringBuilder();
        appendDdl(out, type);
        return out.toString();
    }

    // One frame per level, no streams: a schema nested a thousand deep is written without a stack overflow.
    private static void appendDdl(StringBuilder out, SparkType type) {
        if (type instanceof SparkType.Atomic atomic) {
            out.append(switch (atomic) {
                case BYTE -> "TINYINT";
                case SHORT -> "SMALLINT";
                case INTEGER -> "INT";
                case LONG -> "BIGINT";
                case NULL -> "VOID";
                case CALENDAR_INTERVAL -> "INTERVAL";
                default -> atomic.name();
            });
        } else if (type instanceof SparkType.Decimal decimal) {
            out.append("DECIMAL(").append(decimal.precision()).append(',').append(decimal.scale()).append(')');
        } else if (type instanceof SparkType.Array array) {
            out.append("ARRAY<");
            appendDdl(out, array.elementType());
            out.append('>');
        } else if (type instanceof SparkType.MapType map) {
            out.append("MAP<");
            appendDdl(out, map.keyType());
            out.append(", ");
            appendDdl(out, map.valueType());
            out.append('>');
        } else if (type instanceof SparkType.Struct struct) {
            out.append("STRUCT<");
            appendFields(out, struct, ": ");
            out.append('>');
        } else {
            out.append(type.typeName().toUpperCase(Locale.ROOT));
        }
    }

    private static void appendFields(StringBuilder out, SparkType.Struct struct, String separator) {
        for (int i = 0; i < struct.size(); i++) {
            SparkType.Field field = struct.field(i);
            if (i > 0) {
                out.append(", ");
            }
            out.append(quoteIfNeeded(field.name())).append(separator);
            appendDdl(out, field.type());
            if (!field.nullable()) {
                out.append(" NOT NULL");
            }
        }
    }

    /** {@code name}, backquoted unless it is a plain ASCII word, as Spark's {@code quoteIfNeeded} does. */
    private static String quoteIfNeeded(String name) {
        boolean plain = !name.isEmpty() && name.chars().allMatch(c -> c < 128 && isWordChar((char) c))
                && !name.chars().allMatch(Character::isDigit);
        return plain ? name : "`" + name.replace("`", "``") + "`";
    }
}
