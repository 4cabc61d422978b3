package io.streamscope.replay;

import io.streamscope.replay.plan.CompiledQuery;
import io.streamscope.replay.plan.ExpressionCompiler;
import io.streamscope.replay.plan.QueryCompiler;
import io.streamscope.replay.plan.Resolver;
import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.JobFrame;
import io.streamscope.replay.query.Query;
import io.streamscope.replay.query.QueryException;
import io.streamscope.replay.query.Step;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A job's stream-stream join made ready to run: the joined row (the left side's columns, then the right's, each
 * qualified by its side's alias or variable), the condition (a {@code using} list is its equalities), the equi-keys,
 * each side's state watermark from the condition, and Spark's analysis rules for outer and semi joins.
 */
final class JoinPlanner {

    private final String text;
    private final boolean ansi;

    JoinPlanner(String text, boolean ansi) {
        this.text = text;
        this.ansi = ansi;
    }

    StreamJoin plan(JobFrame.Root.Join join, List<Step> after, SourcePlan left, SourcePlan right,
                    String watermarkPolicy) throws QueryException, OutputModeException {
        JoinType type = JoinType.parse(join.how()).orElseThrow(() -> new QueryException("Join type " + join.how()
                + " is not supported with streaming DataFrame/Dataset", text, join.position()));
        String lq = join.leftQualifier();
        String rq = join.rightQualifier();
        List<SparkType.Field> fields = new ArrayList<>();
        Set<String> leftColumns = new HashSet<>();
        Set<String> rightColumns = new HashSet<>();
        for (SparkType.Field field : left.output().fields()) {
            fields.add(new SparkType.Field(lq + "." + field.name(), field.type(), true));
            leftColumns.add(lq + "." + field.name());
        }
        for (SparkType.Field field : right.output().fields()) {
            fields.add(new SparkType.Field(rq + "." + field.name(), field.type(), true));
            rightColumns.add(rq + "." + field.name());
        }
        SparkType.Struct joined = new SparkType.Struct(fields);
        Expr condition = condition(join, lq, rq);
        Expr resolved = Resolver.resolve(condition, joined, text);
        var compiled = new ExpressionCompiler(joined, text, ansi).condition(resolved);
        String leftTime = left.eventTime() == null ? null : lq + "." + left.eventTime();
        String rightTime = right.eventTime() == null ? null : rq + "." + right.eventTime();
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        boolean timeInKeys = false;
        for (Expr conjunct : JoinStateWatermark.conjuncts(resolved)) {
            if (conjunct instanceof Expr.Binary equal && equal.op() == Expr.BinaryOp.EQUAL
                    && equal.left() instanceof Expr.ColumnRef a && equal.right() instanceof Expr.ColumnRef b) {
                String l = leftColumns.contains(a.name()) ? a.name() : leftColumns.contains(b.name()) ? b.name() : null;
                String r = rightColumns.contains(b.name()) ? b.name() : rightColumns.contains(a.name()) ? a.name() : null;
                if (l != null && r != null) {
                    leftKeys.add(joined.indexOf(l));
                    rightKeys.add(joined.indexOf(r) - left.output().size());
                    timeInKeys |= l.equals(leftTime) && r.equals(rightTime);
                }
            }
        }
        JoinStateWatermark leftState = timeInKeys ? JoinStateWatermark.keyed()
                : leftTime != null && rightTime != null
                ? JoinStateWatermark.of(resolved, leftColumns, rightTime, rightColumns) : JoinStateWatermark.none();
        JoinStateWatermark rightState = timeInKeys ? JoinStateWatermark.keyed()
                : leftTime != null && rightTime != null
                ? JoinStateWatermark.of(resolved, rightColumns, leftTime, leftColumns) : JoinStateWatermark.none();
        checkWatermarks(type, timeInKeys, leftState, rightState);
        CompiledQuery afterJoin = QueryCompiler.compile(new Query(text, Query.Notation.DATAFRAME, "stream", after),
                joined, ansi);
        if (!afterJoin.statefulOperators().isEmpty() || afterJoin.watermark().isPresent()) {
            throw new QueryException("an aggregation, deduplication or watermark after a stream-stream join is not "
                    + "replayed yet", text, after.isEmpty() ? join.position() : after.get(0).position());
        }
        return new StreamJoin(type, left, right, joined, compiled,
                left.eventTime() == null ? -1 : left.output().indexOf(left.eventTime()), left.delayMs(),
                right.eventTime() == null ? -1 : right.output().indexOf(right.eventTime()), right.delayMs(),
                leftKeys, rightKeys, leftState, rightState, afterJoin.operators(), afterJoin.output().schema(),
                "max".equalsIgnoreCase(watermarkPolicy));
    }

    /** The condition, or the equalities of {@code using} columns. */
    private Expr condition(JobFrame.Root.Join join, String lq, String rq) throws QueryException {
        if (!join.usingColumns().isEmpty()) {
            Expr all = null;
            for (String column : join.usingColumns()) {
                Expr equal = new Expr.Binary(Expr.BinaryOp.EQUAL, new Expr.ColumnRef(lq + "." + column, join.position()),
                        new Expr.ColumnRef(rq + "." + column, join.position()), join.position());
                all = all == null ? equal : new Expr.Binary(Expr.BinaryOp.AND, all, equal, join.position());
            }
            return all;
        }
        return join.condition().orElseThrow(() -> new QueryException("a stream-stream join without a condition (a "
                + "cross join) is not replayed: give the join its keys", text, join.position()));
    }

    /** Spark's {@code checkForStreamStreamJoinWatermark}: an outer or semi join needs state that can be evicted. */
    private static void checkWatermarks(JoinType type, boolean timeInKeys, JoinStateWatermark leftState,
                                        JoinStateWatermark rightState) throws OutputModeException {
        boolean valid = switch (type) {
            case INNER -> true;
            case LEFT_OUTER, LEFT_SEMI -> leftState.defined();
            case RIGHT_OUTER -> rightState.defined();
            case FULL_OUTER -> leftState.defined() || rightState.defined();
        };
        if (!timeInKeys && !valid) {
            throw new OutputModeException("Stream-stream " + type.sparkName() + " join between two streaming "
                    + "DataFrame/Datasets is not supported without a watermark in the join keys, or a watermark on the "
                    + "nullable side and an appropriate range condition");
        }
    }
}
