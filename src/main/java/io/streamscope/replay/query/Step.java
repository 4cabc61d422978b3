package io.streamscope.replay.query;

import java.util.List;

/** One operation of the query, applied to the stream in order. */
public sealed interface Step {

    /** Offset in the query text where the operation is written. */
    int position();

    /** {@code filter} / {@code where} / SQL {@code WHERE}: keeps the rows for which the condition is true. */
    record Filter(Expr condition, int position) implements Step {
    }

    /** {@code select} / SQL select list without aggregates: the columns, in order ({@link Expr.Star} for all). */
    record Project(List<Expr> columns, int position) implements Step {
        public Project {
            columns = List.copyOf(columns);
        }
    }

    /** {@code withColumn(name, expr)}: replaces the column of that name, or adds it at the end. */
    record WithColumn(String name, Expr expr, int position) implements Step {
    }

    /** {@code withColumnRenamed(from, to)}: a no-op when there is no such column, as in Spark. */
    record Rename(String from, String to, int position) implements Step {
    }

    /** {@code drop(names…)}: names that do not exist are ignored, as in Spark. */
    record Drop(List<String> names, int position) implements Step {
        public Drop {
            names = List.copyOf(names);
        }
    }

    /** {@code withWatermark(column, delay)} / SQL {@code WATERMARK column DELAY OF INTERVAL …}. */
    record Watermark(String column, String delayText, long delayMs, int position) implements Step {
    }

    /**
     * {@code groupBy(…).agg(…)} and the like, or SQL {@code GROUP BY}. {@code output} lists the result columns in
     * order: grouping expressions, aggregate calls, or expressions over them, each possibly aliased.
     */
    record Aggregate(List<Expr> grouping, List<Expr> output, int position) implements Step {
        public Aggregate {
            grouping = List.copyOf(grouping);
            output = List.copyOf(output);
        }
    }

    /**
     * {@code dropDuplicates(columns…)} (all columns when empty) or {@code dropDuplicatesWithinWatermark(columns…)}.
     */
    record Deduplicate(List<String> columns, boolean withinWatermark, int position) implements Step {
        public Deduplicate {
            columns = List.copyOf(columns);
        }
    }
}
