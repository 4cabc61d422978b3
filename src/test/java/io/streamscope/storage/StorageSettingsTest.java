package io.streamscope.storage;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --conf settings (prefix, masking), where a location leads, and the backoff on throttling. */
class StorageSettingsTest {

    @Test
    void sparkHadoopPrefixIsStrippedAndSecretsAreMasked() {
        HadoopSettings settings = HadoopSettings.parse(List.of("spark.hadoop.fs.s3a.endpoint=http://127.0.0.1:9000",
                "fs.s3a.secret.key=TOPSECRET", "fs.azure.account.key.acct.dfs.core.windows.net=AZSECRET",
                "fs.s3a.path.style.access = true"));
        assertEquals(Map.of("fs.s3a.endpoint", "http://127.0.0.1:9000", "fs.s3a.secret.key", "TOPSECRET",
                "fs.azure.account.key.acct.dfs.core.windows.net", "AZSECRET", "fs.s3a.path.style.access", "true"),
                settings.values());
        String shown = settings.maskedLines() + settings;
        assertFalse(shown.contains("TOPSECRET") || shown.contains("AZSECRET"), shown);
        assertTrue(shown.contains("fs.s3a.endpoint=http://127.0.0.1:9000"), shown);
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> HadoopSettings.parse(List.of("TOPSECRETVALUE")));
        assertFalse(bad.getMessage().contains("TOPSECRETVALUE"), bad.getMessage());
    }

    @Test
    void aMaskedLineKeepsItsSecret() {
        HadoopSettings before = HadoopSettings.parse(List.of("fs.s3a.secret.key=TOPSECRET", "fs.s3a.endpoint=a"));
        HadoopSettings after = HadoopSettings.fromLines(before.maskedLines().replace("=a", "=b") + "# a comment\n\n",
                before);
        assertEquals(Map.of("fs.s3a.secret.key", "TOPSECRET", "fs.s3a.endpoint", "b"), after.values());
    }

    @Test
    void localPathsStayOnTheDefaultFileSystem() throws Exception {
        assertSame(FileSystems.getDefault(), Locations.open("sample-checkpoints/shop-totals-update", HadoopSettings.NONE)
                .getFileSystem());
        Path absolute = Path.of("sample-checkpoints").toAbsolutePath();
        assertEquals(absolute, Locations.open(absolute.toUri().toString(), HadoopSettings.NONE));
        assertFalse(Locations.isRemote("C:\\chk"));
        assertTrue(Locations.isRemote("s3a://bucket/chk"));
    }

    @Test
    void credentialsInTheUriAreRefusedWithoutRepeatingThem() {
        LocationException e = assertThrows(LocationException.class,
                () -> Locations.open("s3a://AKIAKEY:TOPSECRET@bucket/chk", HadoopSettings.NONE));
        assertFalse(e.getMessage().contains("TOPSECRET") || e.getMessage().contains("AKIAKEY"), e.getMessage());
    }

    @Test
    void aSchemeWithoutItsConnectorSaysHowToGetIt() {
        LocationException gs = assertThrows(LocationException.class, () -> Locations.open("gs://bucket/chk", HadoopSettings.NONE));
        assertTrue(gs.getMessage().contains("gcs-connector") && gs.getMessage().contains("plugins"), gs.getMessage());
        LocationException s3 = assertThrows(LocationException.class, () -> Locations.open("s3://bucket/chk", HadoopSettings.NONE));
        assertTrue(s3.getMessage().contains("use s3a://"), s3.getMessage());
    }

    @Test
    void aStoreThatCannotBeReachedSaysSoRatherThanThatTheFolderIsMissing() {
        HadoopSettings quick = HadoopSettings.parse(List.of("ipc.client.connect.max.retries=0",
                "ipc.client.connect.timeout=1000"));
        LocationException e = assertThrows(LocationException.class, () -> Locations.open("hdfs://127.0.0.1:1/chk", quick));
        assertTrue(e.getMessage().startsWith("cannot read hdfs://127.0.0.1:1/chk: ") && e.getMessage().contains("onnect"),
                e.getMessage());
    }

    @Test
    void throttlingIsRetriedWithBackoffAndOtherFailuresAreNot() throws IOException {
        Retry quick = new Retry(4, 1, 4);
        AtomicInteger calls = new AtomicInteger();
        String answer = quick.call("list", () -> {
            if (calls.incrementAndGet() < 3) {
                throw new IOException("listStatus on s3a://bucket/chk: 503 SlowDown: Please reduce your request rate");
            }
            return "listed";
        });
        assertEquals("listed", answer);
        assertEquals(3, calls.get());

        calls.set(0);
        assertThrows(java.io.FileNotFoundException.class, () -> quick.call("open", () -> {
            calls.incrementAndGet();
            throw new java.io.FileNotFoundException("no such file");
        }));
        assertEquals(1, calls.get(), "not a throttle: no retry");

        calls.set(0);
        assertThrows(IOException.class, () -> quick.call("open", () -> {
            calls.incrementAndGet();
            throw new IOException("429 Too Many Requests");
        }));
        assertEquals(4, calls.get(), "gives up after its attempts");
    }

    /** A missing file whose path or port holds "503" or "429" was taken for a throttle and retried for seconds. */
    @Test
    void onlyAStatusCodeIsAThrottleNotDigitsInAPathOrAPort() {
        for (String throttled : List.of("listStatus on s3a://bucket/chk: 503 SlowDown: Please reduce your request rate",
                "Service: S3, Status Code: 503, Request ID: X1", "Operation failed: \"The server is busy.\", 503, HEAD, https://a.dfs.core.windows.net/c",
                "HTTP 429 Too Many Requests", "error 503 service unavailable", "429 Too Many Requests")) {
            assertTrue(Retry.isThrottling(new IOException(throttled)), throttled);
        }
        for (String final_ : List.of("Call From host/127.0.0.1 to localhost:45033 failed on connection exception",
                "listStatus on hdfs://localhost:42999/chk/run-4503/sources: refused", "/tmp/streamscope-minidfs15034290/x: denied",
                "file /data/429/offsets/7 is damaged")) {
            assertFalse(Retry.isThrottling(new IOException(final_)), final_);
        }
        assertFalse(Retry.isThrottling(new java.io.FileNotFoundException("File does not exist: /chk/503 SlowDown")),
                "a missing file is final, whatever its name says");
    }
}
