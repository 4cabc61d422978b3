package io.streamscope.samples.generator;

import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.streaming.ListState;
import org.apache.spark.sql.streaming.MapState;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.StatefulProcessor;
import org.apache.spark.sql.streaming.StatefulProcessorHandle;
import org.apache.spark.sql.streaming.TTLConfig;
import org.apache.spark.sql.streaming.TimeMode;
import org.apache.spark.sql.streaming.TimerValues;
import org.apache.spark.sql.streaming.ValueState;
import org.apache.spark.sql.types.StructType;
import scala.collection.Iterator;
import scala.jdk.javaapi.CollectionConverters;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The transformWithState processor of the {@code shop-tws*} samples: the orders grouped by customer_id, processing-time
 * mode (state TTL needs it in Spark 4.0), update mode. It uses every kind of state variable, so that a reader of the
 * checkpoint has to decode them all:
 * <ul>
 *   <li>{@value #TOTAL_CENTS}: ValueState&lt;Long&gt;, the customer's running total in cents;</li>
 *   <li>{@value #RECENT_ORDER_IDS}: ListState&lt;Integer&gt;, the ids of the customer's last {@value #RECENT_KEPT}
 *       orders (appended; rewritten with {@code put} when an older id has to go, which deletes it);</li>
 *   <li>{@value #ORDERS_PER_HOUR}: MapState&lt;String, Long&gt; with a 30-day TTL, order count per hour of
 *       order_ts ({@code "2026-01-22T09"}); an order of a later hour removes the earlier hours' entries;</li>
 *   <li>{@value #LAST_ORDER}: ValueState&lt;{@link LastOrder}&gt; (a struct) with a 30-day TTL;</li>
 *   <li>one processing-time timer per customer, 7 days after the batch that saw its latest order (the previous one is
 *       deleted). It never fires while the generator runs, and the processor keeps the default (no-op)
 *       {@code handleExpiredTimer}.</li>
 * </ul>
 * For each customer with orders in a batch it emits one row: {@value #OUTPUT_DDL}.
 */
final class CustomerActivityProcessor extends StatefulProcessor<Integer, Row, Row> {

    static final String TOTAL_CENTS = "totalCents";
    static final String RECENT_ORDER_IDS = "recentOrderIds";
    static final String ORDERS_PER_HOUR = "ordersPerHour";
    static final String LAST_ORDER = "lastOrder";
    static final int RECENT_KEPT = 2;
    static final Duration TTL = Duration.ofDays(30);
    static final Duration REMINDER_AFTER = Duration.ofDays(7);
    static final String OUTPUT_DDL = "customer_id INT, total_cents BIGINT, recent_order_ids ARRAY<INT>, "
            + "orders_this_hour BIGINT, last_order_id INT";
    static final String CODE = "orders.groupByKey(o -> o.getInt(1), Encoders.INT()).transformWithState("
            + "new CustomerActivityProcessor(), TimeMode.ProcessingTime(), OutputMode.Update(), "
            + "Encoders.row(StructType.fromDDL(\"" + OUTPUT_DDL + "\")))";

    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH")
            .withZone(ZoneOffset.UTC);

    private transient ValueState<Long> totalCents;
    private transient ListState<Integer> recentOrderIds;
    private transient MapState<String, Long> ordersPerHour;
    private transient ValueState<LastOrder> lastOrder;

    /** The samples' query: the shop's {@code orders} by customer_id through this processor. */
    static Dataset<Row> apply(Dataset<Row> orders) {
        return orders.groupByKey((MapFunction<Row, Integer>) o -> o.getInt(1), Encoders.INT())
                .transformWithState(new CustomerActivityProcessor(), TimeMode.ProcessingTime(), OutputMode.Update(),
                        Encoders.row(StructType.fromDDL(OUTPUT_DDL)));
    }

    /** The State Data Source reads that cover every state variable and the timers. */
    static List<StateRead> stateReads() {
        return List.of(StateRead.variable(TOTAL_CENTS),
                StateRead.collection(RECENT_ORDER_IDS, true), StateRead.collection(RECENT_ORDER_IDS, false),
                StateRead.collection(ORDERS_PER_HOUR, true), StateRead.collection(ORDERS_PER_HOUR, false),
                StateRead.variable(LAST_ORDER),
                StateRead.timers());
    }

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
        StatefulProcessorHandle handle = getHandle();
        totalCents = handle.getValueState(TOTAL_CENTS, Encoders.LONG(), TTLConfig.NONE());
        recentOrderIds = handle.getListState(RECENT_ORDER_IDS, Encoders.INT(), TTLConfig.NONE());
        ordersPerHour = handle.getMapState(ORDERS_PER_HOUR, Encoders.STRING(), Encoders.LONG(), TTLConfig.apply(TTL));
        lastOrder = handle.getValueState(LAST_ORDER, Encoders.bean(LastOrder.class), TTLConfig.apply(TTL));
    }

    @Override
    public Iterator<Row> handleInputRows(Integer customerId, Iterator<Row> rows, TimerValues timerValues) {
        List<Row> orders = new ArrayList<>();
        CollectionConverters.asJava(rows).forEachRemaining(orders::add);
        orders.sort(Comparator.comparing((Row o) -> o.getTimestamp(3)).thenComparing(o -> o.getInt(0)));
        long total = addToTotal(orders);
        List<Integer> recent = rememberOrderIds(orders);
        long ordersThisHour = countPerHour(orders);
        Row latest = orders.get(orders.size() - 1);
        lastOrder.update(new LastOrder(latest.getInt(0), cents(latest), latest.getTimestamp(3)));
        moveReminder(timerValues.getCurrentProcessingTimeInMs() + REMINDER_AFTER.toMillis());
        Row out = RowFactory.create(customerId, total, CollectionConverters.asScala(recent).toList(), ordersThisHour,
                latest.getInt(0));
        return CollectionConverters.asScala(List.of(out).iterator());
    }

    private long addToTotal(List<Row> orders) {
        long total = totalCents.exists() ? totalCents.get() : 0L;
        for (Row order : orders) {
            total += cents(order);
        }
        totalCents.update(total);
        return total;
    }

    /** Appends the new ids; when more than {@link #RECENT_KEPT} would remain, rewrites the list without the oldest. */
    private List<Integer> rememberOrderIds(List<Row> orders) {
        List<Integer> before = new ArrayList<>();
        CollectionConverters.asJava(recentOrderIds.get()).forEachRemaining(before::add);
        List<Integer> added = orders.stream().map(o -> o.getInt(0)).toList();
        List<Integer> all = new ArrayList<>(before);
        all.addAll(added);
        if (all.size() <= RECENT_KEPT) {
            recentOrderIds.appendList(added.toArray(Integer[]::new));
            return all;
        }
        List<Integer> kept = all.subList(all.size() - RECENT_KEPT, all.size());
        recentOrderIds.put(kept.toArray(Integer[]::new));
        return List.copyOf(kept);
    }

    /** Counts each order in its hour, removing the entries of earlier hours; returns the latest hour's count. */
    private long countPerHour(List<Row> orders) {
        long count = 0;
        for (Row order : orders) {
            String hour = HOUR.format(order.getTimestamp(3).toInstant());
            List<String> hours = new ArrayList<>();
            CollectionConverters.asJava(ordersPerHour.keys()).forEachRemaining(hours::add);
            for (String earlier : hours) {
                if (earlier.compareTo(hour) < 0) {
                    ordersPerHour.removeKey(earlier);
                }
            }
            count = (ordersPerHour.containsKey(hour) ? ordersPerHour.getValue(hour) : 0L) + 1;
            ordersPerHour.updateValue(hour, count);
        }
        return count;
    }

    /** Keeps exactly one timer for the customer: deletes the registered one(s), registers {@code at}. */
    private void moveReminder(long at) {
        List<Object> registered = new ArrayList<>();
        CollectionConverters.asJava(getHandle().listTimers()).forEachRemaining(registered::add);
        for (Object timer : registered) {
            getHandle().deleteTimer((Long) timer);
        }
        getHandle().registerTimer(at);
    }

    private static long cents(Row order) {
        BigDecimal amount = order.getDecimal(2);
        return amount.movePointRight(2).longValueExact();
    }
}
