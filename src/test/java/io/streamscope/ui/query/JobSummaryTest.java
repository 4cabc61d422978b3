package io.streamscope.ui.query;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The folded job editor's line: the job's own first comment, its length, and the parser's message first. */
class JobSummaryTest {

    @Test
    void aJobFileIsNamedByItsFirstComment() {
        String job = "#!/usr/bin/env python3\n# Totals per customer\nfrom pyspark.sql import SparkSession\n";
        assertEquals("Totals per customer · 3 lines", JobSummary.of(job, null));
        assertEquals("Count per key · 2 lines", JobSummary.of("// Count per key\nval q = 1", ""));
    }

    @Test
    void aBareQueryIsItsFirstLineAndAnErrorComesFirst() {
        assertEquals("orders.groupBy(\"customer_id\").count() · 1 line",
                JobSummary.of("orders.groupBy(\"customer_id\").count()", null));
        assertEquals("⚠ line 1, column 7: unknown column · orders.select(\"nope\") · 1 line",
                JobSummary.of("orders.select(\"nope\")", "line 1, column 7: unknown column\nmore detail"));
        assertEquals("No job: unfold the editor to paste one, or open it", JobSummary.of("  \n", null));
    }
}
