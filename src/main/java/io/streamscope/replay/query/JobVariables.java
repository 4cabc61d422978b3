package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;
import io.streamscope.topic.DdlParser;

import java.util.HashMap;
import java.util.Map;

/**
 * A job's variables as {@link JobParser} meets them, and what is read through them: a literal or a variable holding a
 * text, a source's or sink's options (a dict variable's among them), and the names a column expression sees (a
 * variable's text, schema or column, a DataFrame's qualifier, a function imported under another name).
 */
final class JobVariables {

    private final Map<String, JobValue> variables = new HashMap<>();
    /** Functions imported under another name ({@code from pyspark.sql.functions import sum as sum_}). */
    private final Map<String, String> functionAliases = new HashMap<>();

    JobValue get(String name) {
        return variables.get(name);
    }

    void put(String name, JobValue value) {
        variables.put(name, value);
    }

    /** {@code import name}: the name exists, its value is not known here. */
    void imported(String name) {
        variables.putIfAbsent(name, new JobValue.Other());
    }

    /** {@code import name as alias}: only the alias is a name of the job's, and calls through it are to {@code name}. */
    void importedAs(String name, String alias) {
        functionAliases.put(alias, name);
        variables.remove(name);
        imported(alias);
    }

    /** A string, number, boolean or variable holding a text, as text; null (and skipped) for anything else. */
    String literalText(Tokens t) {
        Token token = t.peek();
        Token after = t.peek(1);
        boolean ends = after.is(",") || after.is(")");
        if (ends && (token.kind() == Token.Kind.STRING || token.kind() == Token.Kind.NUMBER)) {
            t.next();
            return token.kind() == Token.Kind.NUMBER ? token.value().replaceAll("[LlDdFf]$", "") : token.value();
        }
        if (ends && token.kind() == Token.Kind.IDENT) {
            t.next();
            return switch (token.value()) {
                case "True", "true" -> "true";
                case "False", "false" -> "false";
                default -> variables.get(token.value()) instanceof JobValue.Text text ? text.text() : null;
            };
        }
        t.skipExpression();
        return null;
    }

    /** {@code option(key, value)} after its key: the value, when it is a text, put under the key; the rest skipped. */
    void option(Token key, Tokens t, Map<String, String> options) throws QueryException {
        t.expect(",", "after the option name");
        String value = literalText(t);
        if (value != null) {
            options.put(key.value(), value);
        }
        t.skipArguments();
    }

    /**
     * {@code options(k=v, …)}, {@code options(**kafka_options)}, {@code options(**{"k": "v"})}, Scala
     * {@code options(Map("k" -> "v"))}: every pair up to the {@code close} that ends them (consumed).
     */
    void keywordOptions(Tokens t, Map<String, String> options) {
        keywordOptions(t, options, ")");
    }

    void keywordOptions(Tokens t, Map<String, String> options, String close) {
        while (!t.atEnd() && !t.peek().is(close)) {
            Token token = t.next();
            if (token.is("*") && t.peek().is("*") && t.peek(1).kind() == Token.Kind.IDENT) {
                t.next();
                if (variables.get(t.next().value()) instanceof JobValue.Dict dict) {
                    options.putAll(dict.entries());
                }
            } else if ((token.is("{") || token.value().equals("Map") && t.peek().is("("))) {
                if (!token.is("{")) {
                    t.next();
                }
                keywordOptions(t, options, token.is("{") ? "}" : ")");
            } else if (token.kind() == Token.Kind.IDENT && t.peek().is("=") || token.kind() == Token.Kind.STRING
                    && (t.peek().is(":") || t.peek().is("->"))) {
                t.next();
                String value = literalText(t);
                if (value != null) {
                    options.put(token.value(), value);
                }
            } else if (token.is("(") || token.is("[")) {
                t.skipArguments();
            }
        }
        t.accept(close);
    }

    /** Every DataFrame variable's qualifier, by its name and by its alias. */
    Map<String, String> frameQualifiers() {
        Map<String, String> qualifiers = new HashMap<>();
        variables.forEach((name, value) -> {
            if (value instanceof JobValue.Frame frame) {
                qualifiers.put(name, frame.qualifier());
                if (frame.alias() != null) {
                    qualifiers.put(frame.alias(), frame.qualifier());
                }
            }
        });
        return qualifiers;
    }

    /** The job's variables as an expression sees them, and the join sides' qualifiers. */
    ColumnExprParser.Names names(Map<String, String> qualifiers) {
        return new ColumnExprParser.Names() {
            @Override
            public Expr constant(Token name) {
                return JobVariables.this.constant(name);
            }

            @Override
            public String qualifier(String name) {
                return qualifiers.get(name);
            }

            @Override
            public String function(String name) {
                return functionAliases.getOrDefault(name, name);
            }
        };
    }

    /** A job variable used in an expression: a schema or text as a string literal, a column as its expression. */
    private Expr constant(Token name) {
        JobValue value = variables.get(name.value());
        if (value instanceof JobValue.Text text) {
            return new Expr.Literal(text.text(), SparkType.Atomic.STRING, name.start());
        }
        if (value instanceof JobValue.Schema schema) {
            return new Expr.Literal(DdlParser.toDdl(schema.schema()), SparkType.Atomic.STRING, name.start());
        }
        if (value instanceof JobValue.Column column) {
            return column.expr();
        }
        if (value instanceof JobValue.Other) {
            return new Expr.Literal(new SchemaVariable(name.value(), name.start()), SparkType.Atomic.STRING, name.start());
        }
        return null;
    }
}
