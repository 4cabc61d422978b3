package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a streaming job as users write it, in PySpark or Scala: imports, {@code SparkSession.builder…},
 * {@code spark.conf.set(…)}, variables (schemas as DDL strings or {@code StructType} code, DataFrames), multi-line
 * chains, {@code spark.readStream…load()}, the DataFrame operations, {@code union}/{@code join}, and
 * {@code writeStream…start()}. Function and class bodies are the user's code and are not read, except a function that
 * itself builds the stream (a {@code main}). Errors carry the line and column in the job's text.
 */
public final class JobParser {

    /** Operations that run the user's own code: named, never run. */
    private static final Set<String> USER_CODE = Set.of("groupByKey", "mapGroupsWithState", "flatMapGroupsWithState",
            "applyInPandasWithState", "transformWithState", "transformWithStateInPandas", "applyInPandas",
            "mapInPandas", "mapInArrow", "map", "flatMap", "mapPartitions", "transform", "foreachPartition");
    private static final Set<String> HEADERS = Set.of("if", "elif", "else", "try", "except", "finally", "with", "for",
            "while", "object", "trait");
    private static final Set<String> IGNORED = Set.of("import", "package", "from", "@", "print", "println");
    /** Calls that make a column expression ({@code condition = expr("…")}). */
    private static final Set<String> COLUMN_FUNCTIONS = Set.of("expr", "col", "column", "lit");

    private final String text;
    private final List<Token> tokens;
    private final Job.Language language;
    private final Map<String, String> conf = new LinkedHashMap<>();
    private final JobVariables variables = new JobVariables();
    private final List<JobQuery> queries = new ArrayList<>();
    /** {@code createOrReplaceTempView(name)}: the DataFrames {@code spark.sql(…)} may read. */
    private final Map<String, JobValue.Frame> views = new HashMap<>();

    private JobParser(String text, List<Token> tokens, Job.Language language) {
        this.text = text;
        this.tokens = tokens;
        this.language = language;
    }

    public static Job parse(String text) throws QueryException {
        if (text == null || text.isBlank()) {
            throw new QueryException("the job is empty", null, -1);
        }
        List<Token> tokens = Lexer.tokenizeJob(text);
        JobParser parser = new JobParser(text, tokens, languageOf(tokens));
        parser.run();
        if (parser.queries.isEmpty()) {
            throw new QueryException("the job starts no streaming query: no writeStream…start() or toTable(…) found",
                    text, -1);
        }
        return new Job(text, parser.language, parser.conf, parser.queries);
    }

    private static Job.Language languageOf(List<Token> tokens) {
        for (Token token : tokens) {
            if (token.kind() == Token.Kind.IDENT && (token.value().equals("val") || token.value().equals("object")
                    || token.value().equals("var"))) {
                return Job.Language.SCALA;
            }
        }
        return Job.Language.PYTHON;
    }

    private void run() throws QueryException {
        List<JobStatements.Statement> statements = JobStatements.split(tokens, text, language == Job.Language.SCALA);
        for (int i = 0; i < statements.size(); i++) {
            JobStatements.Statement statement = statements.get(i);
            Token first = tokens.get(statement.from());
            if (first.kind() == Token.Kind.IDENT && (first.value().equals("def") || first.value().equals("class"))) {
                int end = bodyEnd(statements, i);
                if (!buildsStream(statements, i, end)) {
                    recordName(statement);
                    i = end - 1;
                }
                continue;
            }
            statement(statement);
        }
    }

    /** The index after the last statement of the body of the definition at {@code index}. */
    private int bodyEnd(List<JobStatements.Statement> statements, int index) {
        JobStatements.Statement header = statements.get(index);
        int end = index + 1;
        if (language == Job.Language.SCALA) {
            if (!header.opensBlock()) {
                return end;
            }
            while (end < statements.size() && statements.get(end).level() > header.level()) {
                end++;
            }
            return end;
        }
        while (end < statements.size() && statements.get(end).column() > header.column()) {
            end++;
        }
        return end;
    }

    private boolean buildsStream(List<JobStatements.Statement> statements, int from, int to) {
        for (int i = from; i < to; i++) {
            for (int t = statements.get(i).from(); t < statements.get(i).to(); t++) {
                Token token = tokens.get(t);
                if (token.kind() == Token.Kind.IDENT && token.value().equals("readStream")) {
                    return true;
                }
            }
        }
        return false;
    }

    private void recordName(JobStatements.Statement statement) {
        Token name = tokens.get(statement.from() + 1);
        if (name.kind() == Token.Kind.IDENT) {
            variables.put(name.value(), new JobValue.Other());
        }
    }

    private Tokens cursor(JobStatements.Statement statement) {
        List<Token> range = new ArrayList<>(tokens.subList(statement.from(), statement.to()));
        Token last = range.get(range.size() - 1);
        range.add(new Token(Token.Kind.EOF, "", last.end(), last.end(), false, null));
        return new Tokens(range, text);
    }

    private void statement(JobStatements.Statement statement) throws QueryException {
        Tokens t = cursor(statement);
        Token first = t.peek();
        if (IGNORED.contains(first.value())) {
            if (first.value().equals("from") || first.value().equals("import")) {
                importedNames(t);
            }
            return;
        }
        if (first.kind() == Token.Kind.IDENT && HEADERS.contains(first.value())) {
            return;
        }
        if (first.kind() == Token.Kind.IDENT && first.value().equals("return")) {
            t.next();
        }
        if (first.kind() == Token.Kind.IDENT && (first.value().equals("val") || first.value().equals("var")
                || first.value().equals("lazy"))) {
            t.next();
            if (first.value().equals("lazy")) {
                t.next();
            }
            assignment(t);
            return;
        }
        if (first.kind() == Token.Kind.IDENT && (t.peek(1).is("=") || t.peek(1).is(":") && language == Job.Language.PYTHON
                && annotatedAssignment(t))) {
            assignment(t);
            return;
        }
        value(t);
    }

    /** {@code name: Type = value}: whether an {@code =} follows the annotation. */
    private boolean annotatedAssignment(Tokens t) {
        int mark = t.mark();
        try {
            t.next();
            t.next();
            while (!t.atEnd() && !t.peek().is("=")) {
                t.next();
            }
            return t.peek().is("=");
        } finally {
            t.reset(mark);
        }
    }

    /** {@code from module import a, b as c} / {@code import x}: the names exist, their values are not known here. */
    private void importedNames(Tokens t) {
        boolean afterImport = false;
        Token previous = null;
        while (!t.atEnd()) {
            Token token = t.next();
            if (token.kind() == Token.Kind.IDENT && token.value().equals("import")) {
                afterImport = true;
            } else if (afterImport && token.kind() == Token.Kind.IDENT && token.value().equals("as")
                    && previous != null && t.peek().kind() == Token.Kind.IDENT) {
                Token alias = t.next();
                variables.importedAs(previous.value(), alias.value());
            } else if (afterImport && token.kind() == Token.Kind.IDENT) {
                variables.imported(token.value());
            }
            previous = token;
        }
    }

    private void assignment(Tokens t) throws QueryException {
        Token name = t.expectKind(Token.Kind.IDENT, "a variable name");
        if (t.accept(":")) {
            while (!t.atEnd() && !t.peek().is("=")) {
                t.next();
            }
        }
        t.expect("=", "after " + name.value());
        variables.put(name.value(), value(t));
    }

    /** The value of the expression at the cursor; what is not understood is {@link JobValue.Other} (and skipped). */
    private JobValue value(Tokens t) throws QueryException {
        Token first = t.peek();
        if (first.is("(")) {
            int mark = t.mark();
            t.next();
            JobValue inner = value(t);
            if (t.accept(")")) {
                if (inner instanceof JobValue.Frame frame && t.peek().is(".")) {
                    return chain(frame, t);
                }
                return inner;
            }
            t.reset(mark);
            t.skipExpression();
            return new JobValue.Other();
        }
        if (first.kind() == Token.Kind.STRING) {
            StringBuilder joined = new StringBuilder();
            while (t.peek().kind() == Token.Kind.STRING || t.peek().is("+") && t.peek(1).kind() == Token.Kind.STRING) {
                t.accept("+");
                joined.append(t.next().value());
            }
            if (t.peek().is(".") && t.peek(1).value().equals("stripMargin")) {
                t.next();
                t.next();
                return new JobValue.Text(joined.toString().replaceAll("(?m)^\\s*\\|", ""));
            }
            return new JobValue.Text(joined.toString());
        }
        if (first.is("{") || first.value().equals("Map") && t.peek(1).is("(") || first.value().equals("dict")
                && t.peek(1).is("(")) {
            Map<String, String> entries = new LinkedHashMap<>();
            t.next();
            if (!first.is("{")) {
                t.next();
            }
            variables.keywordOptions(t, entries, first.is("{") ? "}" : ")");
            return new JobValue.Dict(entries);
        }
        if (TypeCode.startsType(t)) {
            SparkType type = new TypeCode(t).type();
            return type instanceof SparkType.Struct struct ? new JobValue.Schema(struct) : new JobValue.Other();
        }
        if (first.kind() != Token.Kind.IDENT) {
            t.skipExpression();
            return new JobValue.Other();
        }
        if (first.value().equals("SparkSession")) {
            return session(t);
        }
        if (t.peek(1).is(".") && t.peek(2).value().equals("readStream")) {
            t.next();
            t.next();
            t.next();
            return read(first, t);
        }
        if (t.peek(1).is(".") && t.peek(2).value().equals("conf") && t.peek(3).is(".") && t.peek(4).value().equals("set")) {
            for (int i = 0; i < 5; i++) {
                t.next();
            }
            t.expect("(", "after conf.set");
            confEntry(t);
            return new JobValue.Other();
        }
        if (t.peek(1).is(".") && t.peek(2).value().equals("sql") && t.peek(3).is("(")
                && t.peek(4).kind() == Token.Kind.STRING && variables.get(first.value()) instanceof JobValue.Session) {
            for (int i = 0; i < 4; i++) {
                t.next();
            }
            Token sql = t.next();
            t.skipArguments();
            return sqlOverView(sql, t);
        }
        JobValue known = variables.get(first.value());
        if (known instanceof JobValue.Frame frame && !(t.peek(1).is(".") && t.peek(2).kind() == Token.Kind.IDENT
                && !t.peek(3).is("(") && !t.peek(3).is("{") && !t.peek(2).value().equals("writeStream"))
                && !t.peek(1).is("[")) {
            t.next();
            return chain(new JobValue.Frame(frame.frame(), first.value(), frame.alias()), t);
        }
        if (COLUMN_FUNCTIONS.contains(first.value()) && t.peek(1).is("(") || known instanceof JobValue.Frame
                || (first.value().equals("F") || first.value().equals("functions")) && t.peek(1).is(".")) {
            return new JobValue.Column(new ColumnExprParser(t, null, variables.names(variables.frameQualifiers())).expression());
        }
        if (known != null && !t.peek(1).is(".") && !t.peek(1).is("(")) {
            t.next();
            return known;
        }
        t.skipExpression();
        return new JobValue.Other();
    }

    /** {@code spark.sql("SELECT … FROM view …")} over a streaming temp view: the view's DataFrame and the query. */
    private JobValue sqlOverView(Token sql, Tokens t) throws QueryException {
        Query query = SqlParser.parseEmbedded(sql, text);
        JobValue.Frame view = views.get(query.stream());
        if (view == null) {
            return new JobValue.Other(); // a batch query, or a view of something the job does not stream
        }
        JobFrame frame = view.frame();
        for (Step step : query.steps()) {
            frame = frame.then(step);
        }
        return chain(new JobValue.Frame(frame, query.stream(), null), t);
    }

    /** {@code SparkSession.builder.appName(…).config(k, v)….getOrCreate()}: the conf it sets. */
    private JobValue session(Tokens t) throws QueryException {
        t.next();
        while (t.accept(".")) {
            Token method = t.expectKind(Token.Kind.IDENT, "a builder method");
            if (!t.peek().is("(")) {
                continue;
            }
            t.next();
            if (method.value().equals("config") && t.peek().kind() == Token.Kind.STRING) {
                confEntry(t);
            } else {
                t.skipArguments();
            }
        }
        return new JobValue.Session();
    }

    /** {@code (key, value)} after the {@code (}, up to and including the {@code )}. */
    private void confEntry(Tokens t) throws QueryException {
        Token key = t.expectKind(Token.Kind.STRING, "a conf key");
        t.expect(",", "after the conf key");
        String value = variables.literalText(t);
        if (value != null) {
            conf.put(key.value(), value);
        }
        t.skipArguments();
    }

    /** After {@code spark.readStream}: the source, then the operations on it. */
    private JobValue read(Token spark, Tokens t) throws QueryException {
        JobStream stream = new ReadStreamParser(variables).parse(t);
        return chain(new JobValue.Frame(JobFrame.of(new JobFrame.Root.Read(stream, spark.start())), spark.value(), null),
                t);
    }

    /** The operations after a DataFrame, up to the end of the expression or its {@code writeStream…}. */
    private JobValue chain(JobValue.Frame start, Tokens t) throws QueryException {
        JobFrame frame = start.frame();
        String name = start.name();
        String alias = start.alias();
        while (t.peek().is(".") && t.peek(1).kind() == Token.Kind.IDENT) {
            Token method = t.peek(1);
            String m = method.value();
            if (m.startsWith("create") && m.endsWith("TempView") && t.peek(2).is("(")
                    && t.peek(3).kind() == Token.Kind.STRING) {
                t.next();
                t.next();
                t.next();
                views.put(t.next().value(), new JobValue.Frame(frame, name, alias));
                t.skipArguments();
                return new JobValue.Other();
            }
            if (m.equals("writeStream")) {
                t.next();
                t.next();
                queries.add(new WriteStreamParser(variables).parse(frame, method, t));
                return new JobValue.Other();
            }
            if ((m.equals("alias") || m.equals("as")) && t.peek(2).is("(") && t.peek(3).kind() == Token.Kind.STRING
                    && t.peek(4).is(")")) {
                t.next();
                t.next();
                t.next();
                alias = t.next().value();
                t.next();
                continue;
            }
            if (frame.userCode().isPresent() || m.equals("alias") || m.equals("as") || m.equals("hint")
                    || m.equals("cache") || m.equals("repartition") || m.equals("coalesce")) {
                t.next();
                t.next();
                skipCallOrTypeArgument(t);
                continue;
            }
            if (USER_CODE.contains(m)) {
                t.next();
                t.next();
                frame = frame.cut(new JobFrame.UserCode(m, method.start()));
                skipCallOrTypeArgument(t);
                continue;
            }
            if (m.equals("union") || m.equals("unionAll") || m.equals("unionByName")) {
                t.next();
                t.next();
                t.expect("(", "after " + m);
                JobFrame other = frameArgument(t, m).frame();
                t.skipArguments();
                frame = JobFrame.union(frame, other, m.equals("unionByName"), method.start());
                alias = null;
                continue;
            }
            if (m.equals("join")) {
                t.next();
                t.next();
                frame = join(new JobValue.Frame(frame, name, alias), method, t);
                alias = null;
                continue;
            }
            Token code = m.equals("groupBy") || m.equals("groupby") ? groupedUserCode(t) : null;
            if (code != null) {
                frame = frame.cut(new JobFrame.UserCode("groupBy(…)." + code.value(), code.start()));
                continue;
            }
            t.next();
            t.next();
            frame = frame.then(new ChainParser(t, name, variables.names(variables.frameQualifiers())).method(method));
        }
        return new JobValue.Frame(frame, name, alias);
    }

    /** {@code .groupBy(…).applyInPandasWithState(…)} and the like: the user-code method, else null (cursor kept). */
    private Token groupedUserCode(Tokens t) {
        int mark = t.mark();
        try {
            t.next();
            t.next();
            if (!t.accept("(")) {
                return null;
            }
            t.skipArguments();
            if (t.peek().is(".") && USER_CODE.contains(t.peek(1).value())) {
                Token code = t.peek(1);
                t.next();
                t.next();
                skipCallOrTypeArgument(t);
                mark = t.mark();
                return code;
            }
            return null;
        } finally {
            t.reset(mark);
        }
    }

    /** Skips {@code (…)}, Scala's {@code [Type]}, or a block {@code {…}} after a method name. */
    private static void skipCallOrTypeArgument(Tokens t) {
        while (t.peek().is("(") || t.peek().is("[") || t.peek().is("{")) {
            t.next();
            t.skipArguments();
        }
    }

    private JobValue.Frame frameArgument(Tokens t, String method) throws QueryException {
        Token at = t.peek();
        JobValue value = value(t);
        if (value instanceof JobValue.Frame frame) {
            return frame;
        }
        throw t.error(method + "(…) takes a streaming DataFrame of this job", at);
    }

    /** {@code join(other[, on[, how]])}: the other side, then the join's arguments. */
    private JobFrame join(JobValue.Frame left, Token method, Tokens t) throws QueryException {
        t.expect("(", "after join");
        JobValue.Frame right = frameArgument(t, "join");
        Map<String, String> qualifiers = new HashMap<>();
        qualifiers.put(left.name(), left.qualifier());
        qualifiers.put(left.qualifier(), left.qualifier());
        qualifiers.put(right.name(), right.qualifier());
        qualifiers.put(right.qualifier(), right.qualifier());
        JoinArguments arguments = new JoinArgumentsParser(variables, variables.names(qualifiers)).parse(t);
        return JobFrame.of(new JobFrame.Root.Join(left.frame(), right.frame(), left.qualifier(), right.qualifier(),
                arguments.using(), arguments.condition(), arguments.how(), method.start()));
    }
}
