package io.streamscope.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.topic.DecodedRow;
import io.streamscope.topic.EmbeddedKafka;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.KafkaSettings;
import io.streamscope.topic.KafkaTopicSource;
import io.streamscope.topic.OffsetRange;
import io.streamscope.topic.ReadOptions;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.SnapshotFormat;
import io.streamscope.topic.TopicRecord;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Benchmark of reading 100,000 shop-like records (about 100 bytes of JSON each) from the in-process broker, exporting
 * them as a snapshot, opening and reading the snapshot, and decoding every value with from_json.
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.TopicReadBench}
 */
public final class TopicReadBench {

    private static final int RECORDS = 100_000;
    private static final String SCHEMA = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP";

    private TopicReadBench() {
    }

    public static void main(String[] args) throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.startTemporary(null)) {
            produce(kafka.bootstrapServers());
            OffsetRange all = new OffsetRange(new KafkaPartition("orders", 0), 0, RECORDS);
            List<TopicRecord> records = new ArrayList<>();
            for (int run = 1; run <= 3; run++) {
                records.clear();
                long start = System.nanoTime();
                try (KafkaTopicSource source = KafkaTopicSource.open(KafkaSettings.of(kafka.bootstrapServers()))) {
                    source.read(List.of(all), ReadOptions.fullValues(), records::add);
                }
                report("Kafka read, run " + run, records.size(), start);
            }

            Path snapshot = Files.createTempFile("orders", ".jsonl");
            try {
                long start = System.nanoTime();
                try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(snapshot), 1 << 16);
                     JsonGenerator json = new JsonFactory().createGenerator(out)) {
                    json.setRootValueSeparator(null);
                    for (TopicRecord record : records) {
                        SnapshotFormat.write(json, record);
                        json.writeRaw('\n');
                    }
                }
                report("snapshot write (" + Files.size(snapshot) / 1024 + " KiB)", records.size(), start);
                for (int run = 1; run <= 3; run++) {
                    start = System.nanoTime();
                    int[] count = new int[1];
                    try (JsonlTopicSource source = JsonlTopicSource.open(Map.of("orders", snapshot))) {
                        report("snapshot open (index), run " + run, RECORDS, start);
                        long read = System.nanoTime();
                        source.read(List.of(all), ReadOptions.previews(), r -> count[0]++);
                        report("snapshot read, run " + run, count[0], read);
                    }
                }
            } finally {
                Files.deleteIfExists(snapshot);
            }

            RowDecoder decoder = RowDecoder.of(SCHEMA);
            for (int run = 1; run <= 3; run++) {
                long start = System.nanoTime();
                int parsed = 0;
                for (TopicRecord record : records) {
                    if (decoder.decode(record.value()).outcome() == DecodedRow.Outcome.PARSED) {
                        parsed++;
                    }
                }
                report("from_json decode, run " + run + " (" + parsed + " parsed)", records.size(), start);
            }
        }
    }

    private static void produce(String bootstrapServers) throws Exception {
        long start = System.nanoTime();
        ShopOrders.produce(bootstrapServers, RECORDS, 1);
        report("produce", RECORDS, start);
    }

    private static void report(String what, long records, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        System.out.printf("%-44s %,8d records in %6.2f s = %,10.0f records/s%n", what, records, seconds, records / seconds);
    }
}
