package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A DataFrame chain as the chapter writes it, in Python or Scala: {@code orders.filter("amount >= 10")
 * .select("order_id", "customer_id", "amount")}, {@code orders.groupBy("customer_id").sum("amount")}, wrapped in
 * parentheses over several lines or continued with backslashes.
 */
final class ChainParser {

    private static final Set<String> GROUPED_METHODS = Set.of("agg", "count", "sum", "avg", "mean", "min", "max");
    private static final Set<String> METHODS = Set.of("filter", "where", "select", "selectExpr", "withColumn",
            "withColumnRenamed", "drop", "withWatermark", "groupBy", "groupby", "agg", "dropDuplicates",
            "drop_duplicates", "dropDuplicatesWithinWatermark", "drop_duplicates_within_watermark");
    private static final Set<String> SINK_METHODS = Set.of("writeStream", "foreachBatch", "start", "toTable",
            "outputMode", "trigger", "option", "format", "awaitTermination");

    private final Tokens tokens;
    private String stream;
    private ColumnExprParser columns;

    private ChainParser(Tokens tokens) {
        this.tokens = tokens;
    }

    /** For a job: steps on the DataFrame {@code stream}, whose names the job's variables may give. */
    ChainParser(Tokens tokens, String stream, ColumnExprParser.Names names) {
        this.tokens = tokens;
        this.stream = stream;
        this.columns = new ColumnExprParser(tokens, stream, names);
    }

    /** Whether {@code name} is a DataFrame method the replay runs. */
    static boolean runs(String name) {
        return METHODS.contains(name);
    }

    /** The step of {@code method}, just read, with its arguments (the cursor is at its {@code (}). */
    Step method(Token method) throws QueryException {
        if (!METHODS.contains(method.value())) {
            step(method, List.of()); // refuses it by name, before its arguments are read
        }
        if (!tokens.accept("(")) {
            throw tokens.error("expected '(' after " + method.value(), tokens.peek());
        }
        return step(method, columns.arguments(method.value()));
    }

    static Query parse(String text) throws QueryException {
        Tokens tokens = new Tokens(Lexer.tokenize(text, false), text);
        ChainParser parser = new ChainParser(tokens);
        List<Step> steps = new ArrayList<>();
        parser.chain(steps);
        tokens.accept(";");
        if (!tokens.atEnd()) {
            throw tokens.error("unexpected " + tokens.peek().describe() + " after the query", tokens.peek());
        }
        return new Query(text, Query.Notation.DATAFRAME, parser.stream, steps);
    }

    private void chain(List<Step> steps) throws QueryException {
        Token first = tokens.peek();
        if (first.is("(")) {
            tokens.next();
            chain(steps);
            tokens.expect(")", "to close the parenthesis opened at the start of the query");
        } else {
            Token name = tokens.expectKind(Token.Kind.IDENT, "the stream's name (e.g. orders)");
            if (tokens.peek().is("=") && !tokens.peek().is("==")) {
                throw tokens.error("paste the query's expression only, without the assignment to '" + name.value() + "'", name);
            }
            if (name.value().equals("spark")) {
                throw tokens.error("start the query at the stream's DataFrame (e.g. orders.filter(…)), not at spark."
                        + "readStream: the stream is the checkpoint's source", name);
            }
            stream = name.value();
            columns = new ColumnExprParser(tokens, stream);
        }
        while (tokens.accept(".")) {
            Token method = tokens.expectKind(Token.Kind.IDENT, "a DataFrame method after '.'");
            if (SINK_METHODS.contains(method.value())) {
                throw tokens.error("the query ends before ." + method.value() + ": paste the DataFrame chain only; "
                        + "the output mode is chosen separately", method);
            }
            if (!METHODS.contains(method.value())) {
                step(method, List.of()); // refuses it by name, before its arguments are read
            }
            if (!tokens.accept("(")) {
                throw tokens.error("expected '(' after " + method.value(), tokens.peek());
            }
            steps.add(step(method, columns.arguments(method.value())));
        }
    }

    private Step step(Token method, List<Arg> args) throws QueryException {
        int at = method.start();
        switch (method.value()) {
            case "filter", "where" -> {
                exactly(method, args, 1);
                return new Step.Filter(condition(args.get(0)), at);
            }
            case "select" -> {
                List<Expr> exprs = new ArrayList<>();
                for (Arg arg : flatten(args)) {
                    exprs.add(columnOrName(arg));
                }
                if (exprs.isEmpty()) {
                    throw tokens.error("select() needs at least one column", method);
                }
                return new Step.Project(exprs, at);
            }
            case "selectExpr" -> {
                List<Expr> exprs = new ArrayList<>();
                for (Arg arg : flatten(args)) {
                    exprs.add(SqlExprParser.parseEmbeddedNamed(string(method, arg), tokens.query()));
                }
                return new Step.Project(exprs, at);
            }
            case "withColumn" -> {
                exactly(method, args, 2);
                return new Step.WithColumn(string(method, args.get(0)).value(), columnExpr(method, args.get(1)), at);
            }
            case "withColumnRenamed" -> {
                exactly(method, args, 2);
                return new Step.Rename(string(method, args.get(0)).value(), string(method, args.get(1)).value(), at);
            }
            case "drop" -> {
                List<String> names = new ArrayList<>();
                for (Arg arg : flatten(args)) {
                    names.add(arg instanceof Arg.Column c && c.expr() instanceof Expr.ColumnRef ref ? ref.name()
                            : string(method, arg).value());
                }
                return new Step.Drop(names, at);
            }
            case "withWatermark" -> {
                exactly(method, args, 2);
                Token column = string(method, args.get(0));
                Token delay = string(method, args.get(1));
                long delayMs;
                try {
                    delayMs = Durations.parseMillis(delay.value());
                } catch (IllegalArgumentException e) {
                    throw tokens.error(e.getMessage(), delay);
                }
                if (delayMs < 0) {
                    throw tokens.error("the watermark delay must not be negative", delay);
                }
                return new Step.Watermark(column.value(), delay.value(), delayMs, at);
            }
            case "groupBy", "groupby", "groupByKey", "rollup", "cube" -> {
                if (!method.value().toLowerCase(Locale.ROOT).equals("groupby")) {
                    throw tokens.error("unsupported: " + method.value() + " (the replay supports groupBy)", method);
                }
                List<Expr> grouping = new ArrayList<>();
                for (Arg arg : flatten(args)) {
                    grouping.add(columnOrName(arg));
                }
                return grouped(method, grouping);
            }
            case "agg" -> {
                return new Step.Aggregate(List.of(), aggregates(method, args), at);
            }
            case "dropDuplicates", "drop_duplicates", "dropDuplicatesWithinWatermark",
                 "drop_duplicates_within_watermark" -> {
                List<String> names = new ArrayList<>();
                for (Arg arg : flatten(args)) {
                    names.add(string(method, arg).value());
                }
                return new Step.Deduplicate(names, method.value().toLowerCase(Locale.ROOT).contains("within"), at);
            }
            case "distinct" -> throw tokens.error("unsupported: distinct (use dropDuplicates())", method);
            case "count" -> throw tokens.error("count() on a streaming DataFrame is a batch action: Queries with "
                    + "streaming sources must be executed with writeStream.start()", method);
            default -> throw tokens.error("unsupported DataFrame method '" + method.value() + "'", method);
        }
    }

    /** {@code groupBy(…)} must be followed by one of GroupedData's aggregations. */
    private Step grouped(Token groupBy, List<Expr> grouping) throws QueryException {
        if (!tokens.peek().is(".") || !GROUPED_METHODS.contains(tokens.peek(1).value())) {
            throw tokens.error(groupBy.value() + "(…) must be followed by .agg(…), .count(), .sum(…), .avg(…), "
                    + ".mean(…), .min(…) or .max(…)", tokens.peek().is(".") ? tokens.peek(1) : tokens.peek());
        }
        tokens.next();
        Token method = tokens.next();
        tokens.expect("(", "after " + method.value());
        List<Arg> args = columns.arguments(method.value());
        List<Expr> output = new ArrayList<>(grouping);
        switch (method.value()) {
            case "agg" -> output.addAll(aggregates(method, args));
            case "count" -> {
                exactly(method, args, 0);
                output.add(new Expr.Alias(new Expr.Call("count", List.of(new Expr.Literal(1, SparkType.Atomic.INTEGER,
                        method.start())), method.start()), "count", method.start()));
            }
            default -> {
                if (args.isEmpty()) {
                    throw tokens.error(method.value() + "() without column names is not supported: name the columns", method);
                }
                String function = method.value().equals("mean") ? "avg" : method.value();
                for (Arg arg : flatten(args)) {
                    Token column = string(method, arg);
                    output.add(new Expr.Call(function, List.of(new Expr.ColumnRef(column.value(), column.start())),
                            column.start()));
                }
            }
        }
        return new Step.Aggregate(grouping, output, groupBy.start());
    }

    private List<Expr> aggregates(Token method, List<Arg> args) throws QueryException {
        List<Expr> output = new ArrayList<>();
        for (Arg arg : args) {
            if (arg instanceof Arg.Pairs pairs) {
                for (Token[] entry : pairs.entries()) {
                    output.add(namedAggregate(entry[0], entry[1]));
                }
            } else if (arg instanceof Arg.Column column) {
                output.add(column.expr());
            } else {
                throw tokens.error("agg(…) takes aggregate columns such as sum(\"amount\"), or a dict "
                        + "{\"amount\": \"sum\"}", arg.position());
            }
        }
        if (output.isEmpty()) {
            throw tokens.error("agg() needs at least one aggregate", method);
        }
        return output;
    }

    /** {@code {"amount": "sum"}} / {@code "amount" -> "sum"}. */
    private Expr namedAggregate(Token column, Token function) throws QueryException {
        String name = function.value().toLowerCase(Locale.ROOT);
        name = switch (name) {
            case "mean", "average" -> "avg";
            case "sum", "avg", "min", "max", "count" -> name;
            default -> throw tokens.error("unsupported aggregate \"" + function.value() + "\"", function);
        };
        Expr argument = column.value().equals("*") && name.equals("count")
                ? new Expr.Literal(1, SparkType.Atomic.INTEGER, column.start())
                : new Expr.ColumnRef(column.value(), column.start());
        return new Expr.Call(name, List.of(argument), column.start());
    }

    private Expr condition(Arg arg) throws QueryException {
        if (arg instanceof Arg.Str s) {
            return SqlExprParser.parseEmbedded(s.token(), tokens.query());
        }
        if (arg instanceof Arg.Column column) {
            return column.expr();
        }
        throw tokens.error("a condition is an expression string or a column", arg.position());
    }

    private Expr columnOrName(Arg arg) throws QueryException {
        if (arg instanceof Arg.Str s) {
            return s.value().equals("*") ? new Expr.Star(s.position()) : new Expr.ColumnRef(s.value(), s.position());
        }
        if (arg instanceof Arg.Column column) {
            return column.expr();
        }
        throw tokens.error("expected a column name or a column", arg.position());
    }

    private Expr columnExpr(Token method, Arg arg) throws QueryException {
        if (arg instanceof Arg.Column column) {
            return column.expr();
        }
        throw tokens.error(method.value() + "(…) takes a column here, e.g. col(\"amount\") * 2", arg.position());
    }

    private Token string(Token method, Arg arg) throws QueryException {
        if (arg instanceof Arg.Str s) {
            return s.token();
        }
        throw tokens.error(method.value() + "(…) takes a string here", arg.position());
    }

    private static List<Arg> flatten(List<Arg> args) {
        List<Arg> flat = new ArrayList<>();
        for (Arg arg : args) {
            if (arg instanceof Arg.ListArg list) {
                flat.addAll(flatten(list.items()));
            } else {
                flat.add(arg);
            }
        }
        return flat;
    }

    private void exactly(Token method, List<Arg> args, int count) throws QueryException {
        if (args.size() != count) {
            throw tokens.error(method.value() + "(…) takes " + count + " argument" + (count == 1 ? "" : "s")
                    + ", found " + args.size(), method);
        }
        for (Arg arg : args) {
            if (arg instanceof Arg.Keyword keyword) {
                throw tokens.error("keyword arguments are not supported here", keyword.name());
            }
        }
    }
}
