package io.streamscope.replay.query;

import io.streamscope.replay.ShopTopic;
import io.streamscope.replay.plan.CompiledQuery;
import io.streamscope.replay.plan.QueryCompiler;
import io.streamscope.sparktypes.SparkType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The chapter's queries in Python, Scala and SQL spelling, and what a malformed query is told. */
class QueryParserTest {

    private static CompiledQuery compile(String text) throws QueryException {
        return QueryCompiler.compile(QueryParser.parse(text), ShopTopic.SCHEMA, true);
    }

    private static List<String> columns(String text) throws QueryException {
        return compile(text).output().schema().fields().stream().map(SparkType.Field::name).toList();
    }

    private static List<String> types(String text) throws QueryException {
        return compile(text).output().schema().fields().stream().map(f -> ExprNames.sqlType(f.type())).toList();
    }

    @Test
    void theSamplesQueriesParseIntoTheirSteps() throws QueryException {
        Query bigOrders = QueryParser.parse("orders.filter(\"amount >= 10\").select(\"order_id\", \"customer_id\", \"amount\")");
        assertEquals(Query.Notation.DATAFRAME, bigOrders.notation());
        assertEquals("orders", bigOrders.stream());
        assertInstanceOf(Step.Filter.class, bigOrders.steps().get(0));
        assertInstanceOf(Step.Project.class, bigOrders.steps().get(1));

        Query totals = QueryParser.parse("orders.groupBy(\"customer_id\").sum(\"amount\").withColumnRenamed(\"sum(amount)\", \"total\")");
        assertEquals(2, totals.steps().size());
        assertEquals(List.of("customer_id", "total"), columns(totals.text()));

        Query windowed = QueryParser.parse("orders.withWatermark(\"order_ts\", \"5 minutes\").groupBy(window(col(\"order_ts\"), \"10 minutes\")).count()");
        Step.Watermark watermark = (Step.Watermark) windowed.steps().get(0);
        assertEquals(300_000, watermark.delayMs());
        assertEquals(List.of("window", "count"), columns(windowed.text()));
        assertEquals(List.of("STRUCT<start: TIMESTAMP, end: TIMESTAMP>", "BIGINT"), types(windowed.text()));

        assertEquals(List.of(), QueryParser.parse("orders").steps());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "orders.filter(\"amount >= 10\").select(\"order_id\", \"customer_id\", \"amount\")",
            "orders.where(\"amount >= 10\").select(\"order_id\", \"customer_id\", \"amount\")",
            "orders.filter(col(\"amount\") >= 10).select(col(\"order_id\"), col(\"customer_id\"), col(\"amount\"))",
            "orders.filter(F.col(\"amount\") >= 10).select(\"order_id\", \"customer_id\", \"amount\")",
            "orders.filter($\"amount\" >= 10).select($\"order_id\", $\"customer_id\", $\"amount\")",
            "orders.filter(orders[\"amount\"] >= 10).select([\"order_id\", \"customer_id\", \"amount\"])",
            "orders.filter(orders.amount >= 10).select(\"order_id\", \"customer_id\", \"amount\")",
            "(orders\n    .filter(F.col(\"amount\") >= 10)  # big ones\n    .select(\"order_id\", \"customer_id\", \"amount\"))",
            "orders \\\n  .filter(\"amount >= 10\") \\\n  .select(\"order_id\", \"customer_id\", \"amount\")",
            "orders.filter(expr(\"amount >= 10\")).selectExpr(\"order_id\", \"customer_id\", \"amount\")",
            "SELECT order_id, customer_id, amount FROM orders WHERE amount >= 10",
            "select order_id, customer_id, amount from stream orders where amount >= 10;"})
    void bigOrdersInEverySpelling(String text) throws QueryException {
        CompiledQuery query = compile(text);
        assertEquals(List.of("order_id", "customer_id", "amount"),
                query.output().schema().fields().stream().map(SparkType.Field::name).toList());
        assertEquals(2, query.operators().size());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "orders.groupBy(\"customer_id\").agg(sum(\"amount\").alias(\"total\"))",
            "orders.groupBy(\"customer_id\").agg(F.sum(\"amount\").alias(\"total\"))",
            "orders.groupBy($\"customer_id\").agg(sum($\"amount\").as(\"total\"))",
            "orders.groupBy(col(\"customer_id\")).agg(functions.sum(col(\"amount\")).name(\"total\"))",
            "orders.groupby(\"customer_id\").agg({\"amount\": \"sum\"}).withColumnRenamed(\"sum(amount)\", \"total\")",
            "orders.groupBy(\"customer_id\").agg(\"amount\" -> \"sum\").withColumnRenamed(\"sum(amount)\", \"total\")",
            "SELECT customer_id, sum(amount) AS total FROM orders GROUP BY customer_id",
            "SELECT o.customer_id, SUM(o.amount) total FROM orders o GROUP BY o.customer_id"})
    void totalsInEverySpelling(String text) throws QueryException {
        assertEquals(List.of("customer_id", "total"), columns(text));
        assertEquals(List.of("INT", "DECIMAL(20,2)"), types(text));
    }

    @Test
    void sparksColumnNamesAndResultTypes() throws QueryException {
        String agg = "orders.groupBy(\"customer_id\").agg(count(\"*\"), count(\"amount\"), avg(\"amount\"), F.mean(\"amount\"), "
                + "min(\"amount\"), max(\"order_ts\"), sum(\"order_id\"))";
        assertEquals(List.of("customer_id", "count(1)", "count(amount)", "avg(amount)", "avg(amount)", "min(amount)",
                "max(order_ts)", "sum(order_id)"), columns(agg));
        assertEquals(List.of("INT", "BIGINT", "BIGINT", "DECIMAL(14,6)", "DECIMAL(14,6)", "DECIMAL(10,2)", "TIMESTAMP",
                "BIGINT"), types(agg));
        assertEquals(List.of("customer_id", "count"), columns("orders.groupBy(\"customer_id\").count()"));
        assertEquals(List.of("customer_id", "count(1)"), columns("SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id"));
        assertEquals(List.of("customer_id", "avg(amount)", "max(amount)"),
                columns("orders.groupBy(\"customer_id\").agg(avg(\"amount\"), max(\"amount\"))"));
        assertEquals(List.of("(amount * 2)", "(amount >= 10)", "(NOT (customer_id = 1))", "(order_id IS NULL)", "x"),
                columns("orders.select(col(\"amount\") * 2, col(\"amount\") >= 10, col(\"customer_id\") != 1, "
                        + "col(\"order_id\").isNull(), (col(\"order_id\") + 1).alias(\"x\"))"));
        assertEquals(List.of("DECIMAL(12,2)", "BOOLEAN", "BOOLEAN", "BOOLEAN", "INT"),
                types("orders.select(col(\"amount\") * 2, col(\"amount\") >= 10, col(\"customer_id\") != 1, "
                        + "col(\"order_id\").isNull(), (col(\"order_id\") + 1).alias(\"x\"))"));
        assertEquals(List.of("(amount * 2)", "((amount + 1) / 3)", "CAST(amount AS INT)"),
                columns("SELECT amount * 2, (amount + 1) / 3, CAST(amount AS INT) FROM orders"));
        assertEquals(List.of("DECIMAL(12,2)", "DECIMAL(15,6)", "INT"),
                types("SELECT amount * 2, (amount + 1) / 3, CAST(amount AS INT) FROM orders"));
    }

    @Test
    void groupByAPositionNamesTheSelectItem() throws QueryException {
        assertEquals(List.of("customer_id", "total"), columns("SELECT customer_id, sum(amount) AS total FROM orders GROUP BY 1"));
        assertEquals(List.of("customer_id"), compile("SELECT customer_id, sum(amount) FROM orders GROUP BY 1")
                .aggregate().orElseThrow().spec().keySchema().fields().stream().map(SparkType.Field::name).toList());
        assertEquals(true, refused("SELECT customer_id, sum(amount) FROM orders GROUP BY 3").reason()
                .startsWith("[GROUP_BY_POS_OUT_OF_RANGE] GROUP BY position 3 is not in select list (valid range is [1, 2])"));
        assertEquals(true, refused("SELECT customer_id, sum(amount) FROM orders GROUP BY 2").reason()
                .startsWith("[GROUP_BY_POS_AGGREGATE]"));
    }

    @Test
    void windowsInSqlWithAWatermarkClause() throws QueryException {
        String sql = "SELECT window(order_ts, '10 minutes') AS window, count(*) AS count\n"
                + "FROM orders WATERMARK order_ts DELAY OF INTERVAL 5 MINUTES\n"
                + "GROUP BY window(order_ts, '10 minutes')";
        CompiledQuery query = compile(sql);
        assertEquals(List.of("window", "count"), columns(sql));
        assertEquals(300_000, query.watermark().orElseThrow().delayMs());
        assertEquals(0, query.aggregate().orElseThrow().spec().eventTimeKey());
    }

    @Test
    void dropDuplicatesInItsForms() throws QueryException {
        assertEquals(List.of("order_id"), ((Step.Deduplicate) QueryParser.parse("orders.dropDuplicates([\"order_id\"])").steps().get(0)).columns());
        assertEquals(List.of("order_id", "customer_id"), ((Step.Deduplicate) QueryParser.parse(
                "orders.dropDuplicates(Seq(\"order_id\", \"customer_id\"))").steps().get(0)).columns());
        assertEquals(List.of(), ((Step.Deduplicate) QueryParser.parse("orders.dropDuplicates()").steps().get(0)).columns());
        Step.Deduplicate within = (Step.Deduplicate) QueryParser.parse(
                "orders.withWatermark(\"order_ts\", \"10 minutes\").dropDuplicatesWithinWatermark([\"order_id\"])").steps().get(1);
        assertEquals(true, within.withinWatermark());
    }

    private static QueryException refused(String text) {
        return assertThrows(QueryException.class, () -> compile(text));
    }

    @Test
    void aBrokenExpressionStringPointsInsideTheString() {
        QueryException e = refused("orders.filter(\"amount >= \")");
        assertEquals("the expression ends too early", e.reason());
        assertEquals(1, e.line());
        assertEquals(26, e.column());
        assertEquals("the expression ends too early (at line 1, column 26)", e.getMessage());
    }

    @Test
    void unsupportedMethodsAreNamedWithTheirPosition() {
        QueryException join = refused("orders.join(customers, \"customer_id\")");
        assertEquals("unsupported DataFrame method 'join'", join.reason());
        assertEquals(8, join.column());

        QueryException multiLine = refused("(orders\n  .filter(\"amount >= 10\")\n  .orderBy(\"amount\"))");
        assertEquals("unsupported DataFrame method 'orderBy'", multiLine.reason());
        assertEquals(3, multiLine.line());
        assertEquals(4, multiLine.column());

        QueryException sink = refused("orders.filter(\"amount >= 10\").writeStream.format(\"console\")");
        assertEquals(true, sink.reason().startsWith("the query ends before .writeStream"));

        assertEquals("unsupported Column method 'startswith'",
                refused("orders.filter(col(\"order_id\").startswith(\"1\"))").reason());
        assertEquals("unsupported function 'upper' (the replay supports sum, count, avg, min, max and window)",
                refused("orders.select(upper(col(\"order_id\")))").reason());
    }

    @Test
    void sqlClausesOutsideTheSubsetAreNamed() {
        QueryException having = refused("SELECT customer_id, sum(amount) FROM orders GROUP BY customer_id HAVING sum(amount) > 10");
        assertEquals(true, having.reason().startsWith("unsupported: HAVING"));
        assertEquals(66, having.column());
        assertEquals(true, refused("SELECT * FROM orders JOIN customers ON orders.customer_id = customers.id").reason()
                .startsWith("unsupported: JOIN"));
        assertEquals(true, refused("SELECT * FROM orders WHERE amount LIKE '1%'").reason().startsWith("unsupported: LIKE"));
        assertEquals("expected FROM after the select list, found the end of the query", refused("SELECT amount").reason());
    }

    @Test
    void betweenIsTwoComparisonsAndIntervalsAreLiterals() throws Exception {
        Query query = QueryParser.parse("SELECT * FROM orders WHERE order_ts NOT BETWEEN order_ts AND order_ts + INTERVAL 15 MINUTES");
        Expr condition = ((Step.Filter) query.steps().get(0)).condition();
        Expr.Unary not = (Expr.Unary) condition;
        Expr.Binary and = (Expr.Binary) not.child();
        assertEquals(Expr.BinaryOp.GREATER_OR_EQUAL, ((Expr.Binary) and.left()).op());
        Expr.Binary upper = (Expr.Binary) and.right();
        assertEquals(Expr.BinaryOp.LESS_OR_EQUAL, upper.op());
        Expr.Literal interval = (Expr.Literal) ((Expr.Binary) upper.right()).right();
        assertEquals(new io.streamscope.sparktypes.Row.Interval(0, 0, 15 * 60 * 1_000_000L), interval.value());
        assertEquals(new io.streamscope.sparktypes.Row.Interval(14, 3, 0), Durations.interval("1 year 2 months 3 days"));
    }

    @Test
    void malformedInputGetsAClearMessage() {
        assertEquals("unclosed string", refused("orders.filter(\"amount >= 10)").reason());
        assertEquals("expected ')' to close filter(, found the end of the query", refused("orders.filter(\"amount >= 10\"").reason());
        assertEquals("'=' assigns in Python and Scala; compare with == (Python) or === (Scala)",
                refused("orders.filter(col(\"amount\") = 10)").reason());
        assertEquals(true, refused("orders.groupBy(\"customer_id\")").reason().startsWith("groupBy(…) must be followed by .agg(…)"));
        assertEquals("Distinct aggregations are not supported on streaming DataFrames/Datasets. Consider using "
                + "approx_count_distinct() instead.", refused("orders.groupBy(\"customer_id\").agg(countDistinct(\"order_id\"))").reason());
        assertEquals("interval \"5 minits\": unknown unit \"minits\"", refused("orders.withWatermark(\"order_ts\", \"5 minits\")").reason());
        assertEquals("the query is empty", assertThrows(QueryException.class, () -> QueryParser.parse("  ")).getMessage());
    }

    @Test
    void analysisErrorsUseSparksWordsAndPointAtTheColumn() {
        QueryException unknown = refused("orders.filter(\"amout >= 10\")");
        assertEquals("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `amout` "
                + "cannot be resolved. Did you mean one of the following? [`amount`, `order_ts`, `order_id`, `customer_id`].",
                unknown.reason());
        assertEquals(16, unknown.column());
        assertEquals(true, refused("SELECT order_id, sum(amount) FROM orders GROUP BY customer_id").reason()
                .startsWith("[MISSING_AGGREGATION] The non-aggregating expression \"order_id\""));
        assertEquals(true, refused("orders.filter(col(\"order_ts\") > 10)").reason().startsWith("[DATATYPE_MISMATCH]"));
        assertEquals(true, refused("orders.withWatermark(\"order_id\", \"5 minutes\")").reason()
                .startsWith("[EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE]"));
        assertEquals("the replay supports one aggregation per query",
                refused("orders.groupBy(\"customer_id\").count().groupBy(\"count\").count()").reason());
    }

    @Test
    void columnsResolveIgnoringCaseAndKeepTheSchemasSpelling() throws QueryException {
        assertEquals(List.of("customer_id", "sum(amount)"), columns("orders.groupBy(\"CUSTOMER_ID\").sum(\"Amount\")"));
    }
}
