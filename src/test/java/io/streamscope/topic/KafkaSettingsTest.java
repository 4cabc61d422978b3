package io.streamscope.topic;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The consumer's configuration: Streamscope's defaults, the user's file over them, the read-only keys over both. */
class KafkaSettingsTest {

    @Test
    void theBrokerHoldsAnEmptyFetchBriefly(@TempDir Path dir) throws Exception {
        Properties defaults = KafkaSettings.of("localhost:9092").consumerProperties();
        // not Kafka's 500 ms: each partition switch of a range read would wait that long at the log's end
        assertEquals(Integer.toString(KafkaSettings.FETCH_MAX_WAIT_MILLIS), defaults.getProperty(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG));

        Path file = dir.resolve("client.properties");
        Files.writeString(file, "fetch.max.wait.ms=300\nenable.auto.commit=true\n");
        Properties users = KafkaSettings.of("localhost:9092").withPropertiesFile(file).consumerProperties();
        assertEquals("300", users.getProperty(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG), "the user's file decides");
        assertEquals("false", users.getProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG), "never a commit");
    }
}
