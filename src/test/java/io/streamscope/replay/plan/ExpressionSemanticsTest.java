package io.streamscope.replay.plan;

import io.streamscope.replay.ShopTopic;
import io.streamscope.replay.query.QueryException;
import io.streamscope.replay.query.QueryParser;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Spark's value semantics: three-valued logic, decimal precision and scale, ANSI errors. */
class ExpressionSemanticsTest {

    private static final Row ORDER = row(110, 1, "25.50", "2026-01-22T09:01:00Z");
    private static final Row NO_AMOUNT = row(111, 2, null, "2026-01-22T09:04:30Z");

    private static Row row(Integer orderId, Integer customerId, String amount, String ts) {
        return new Row(ShopTopic.SCHEMA, Arrays.asList(orderId, customerId,
                amount == null ? null : new BigDecimal(amount), ts == null ? null : Instant.parse(ts)));
    }

    private static Compiled compile(String expression, boolean ansi) throws QueryException {
        CompiledQuery query = QueryCompiler.compile(QueryParser.parse("SELECT " + expression + " AS x FROM orders"),
                ShopTopic.SCHEMA, ansi);
        return ((Operator.Project) query.operators().get(0)).columns().get(0);
    }

    private static Object eval(String expression, Row row) throws QueryException {
        return compile(expression, true).eval(row);
    }

    private static SparkType type(String expression) throws QueryException {
        return compile(expression, true).type();
    }

    @Test
    void comparisonsWithNullAreNullAndAndOrFollowThreeValuedLogic() throws QueryException {
        assertNull(eval("amount >= 10", NO_AMOUNT));
        assertNull(eval("NOT (amount >= 10)", NO_AMOUNT));
        assertEquals(false, eval("amount >= 10 AND customer_id = 1", NO_AMOUNT));
        assertNull(eval("amount >= 10 AND customer_id = 2", NO_AMOUNT));
        assertEquals(true, eval("amount >= 10 OR customer_id = 2", NO_AMOUNT));
        assertNull(eval("amount >= 10 OR customer_id = 1", NO_AMOUNT));
        assertEquals(true, eval("amount IS NULL", NO_AMOUNT));
        assertEquals(false, eval("amount IS NOT NULL", NO_AMOUNT));
        assertEquals(true, eval("amount <=> NULL", NO_AMOUNT));
        assertNull(eval("amount = NULL", ORDER));
        assertNull(eval("customer_id IN (3, NULL)", ORDER));
        assertEquals(true, eval("customer_id IN (3, 1)", ORDER));
    }

    @Test
    void aFilterKeepsOnlyTrue() throws Exception {
        CompiledQuery query = QueryCompiler.compile(QueryParser.parse("orders.filter(\"amount < 10 OR amount >= 10\")"),
                ShopTopic.SCHEMA, true);
        Compiled condition = ((Operator.Filter) query.operators().get(0)).condition();
        assertEquals(true, condition.eval(ORDER));
        assertNull(condition.eval(NO_AMOUNT), "NULL, so the row is filtered out");
    }

    @Test
    void decimalArithmeticFollowsSparksPrecisionAndScale() throws QueryException {
        assertEquals(new SparkType.Decimal(12, 2), type("amount * 2"));
        assertEquals(new BigDecimal("51.00"), eval("amount * 2", ORDER));
        assertEquals(new SparkType.Decimal(14, 6), type("amount / 3"));
        assertEquals(new BigDecimal("8.500000"), eval("amount / 3", ORDER));
        assertEquals(new SparkType.Decimal(12, 3), type("amount + 0.005"));
        assertEquals(new BigDecimal("25.505"), eval("amount + 0.005", ORDER));
        assertEquals(new SparkType.Decimal(23, 2), type("amount + order_id * 1L")); // bigint widens to decimal(20,0)
        assertEquals(new SparkType.Decimal(38, 6), type("CAST(amount AS DECIMAL(38,2)) / amount"));
        assertEquals(SparkType.Atomic.DOUBLE, type("customer_id / 2"));
        assertEquals(0.5, eval("customer_id / 2", ORDER));
        assertEquals(SparkType.Atomic.DOUBLE, type("amount * 1.5D"));
        assertNull(eval("amount * 2", NO_AMOUNT));
        assertEquals(3, eval("customer_id + 2", ORDER));
    }

    @Test
    void divisionByZeroFailsUnderAnsiAndIsNullOtherwise() throws QueryException {
        ReplayRuntimeException e = assertThrows(ReplayRuntimeException.class, () -> eval("amount / 0", ORDER));
        assertEquals(true, e.getMessage().startsWith("[DIVIDE_BY_ZERO]"));
        assertNull(compile("amount / 0", false).eval(ORDER));
        assertThrows(ReplayRuntimeException.class, () -> eval("2147483647 + customer_id", ORDER));
        assertEquals(Integer.MIN_VALUE, compile("2147483647 + customer_id", false).eval(ORDER));
    }

    @Test
    void timestampsCompareWithTimestampLiteralsAndStrings() throws QueryException {
        assertEquals(true, eval("order_ts < TIMESTAMP '2026-01-22 09:10:00'", ORDER));
        assertEquals(false, eval("order_ts >= '2026-01-22 09:10:00'", ORDER));
        assertEquals(true, eval("customer_id = '1'", ORDER));
    }

    @Test
    void aTumblingWindowIsAlignedToTheEpoch() throws QueryException {
        Row window = (Row) eval("window(order_ts, '10 minutes')", ORDER);
        assertEquals(Instant.parse("2026-01-22T09:00:00Z"), window.get("start"));
        assertEquals(Instant.parse("2026-01-22T09:10:00Z"), window.get("end"));
        Row shifted = (Row) eval("window(order_ts, '10 minutes', '10 minutes', '5 minutes')", ORDER);
        assertEquals(Instant.parse("2026-01-22T08:55:00Z"), shifted.get("start"));
        assertNull(eval("window(order_ts, '10 minutes')", row(1, 1, "1.00", null)));
    }

    @Test
    void aSlidingWindowPutsATimeInEveryWindowHoldingIt() {
        TimeWindow sliding = new TimeWindow(600_000_000L, 300_000_000L, 0);
        assertEquals(2, sliding.windowsOf(Instant.parse("2026-01-22T09:01:00Z")).size());
        assertEquals(Instant.parse("2026-01-22T08:55:00Z"),
                sliding.windowsOf(Instant.parse("2026-01-22T09:01:00Z")).get(1).get("start"));
        TimeWindow beforeEpoch = new TimeWindow(600_000_000L, 600_000_000L, 0);
        assertEquals(Instant.parse("1969-12-31T23:50:00Z"),
                beforeEpoch.windowsOf(Instant.parse("1969-12-31T23:55:00Z")).get(0).get("start"));
    }
}
