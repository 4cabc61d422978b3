# The orders copied to a parquet file sink; run three times with Trigger.AvailableNow.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

spark = SparkSession.builder.appName("shop-available-now").getOrCreate()

schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .select(from_json(col("value").cast("string"), schema).alias("o"))
          .select("o.*"))

query = (orders.writeStream
         .format("parquet")
         .option("path", "../shop-available-now-output")
         .option("checkpointLocation", "/tmp/checkpoints/shop-available-now")
         .outputMode("append")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
