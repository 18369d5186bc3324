"""scrapy_spider.py - the Scrapy adapter's spider (crawlers.json: scrapy).

    /usr/bin/python3 -m scrapy runspider scrapy_spider.py -a start=URL -s USER_AGENT=FooBot

Follows every link of the start page (depth 1, any host) with Scrapy's robots.txt
middleware on (ROBOTSTXT_OBEY, its default Protego parser), as a Scrapy project
that obeys robots.txt does. Settings beyond Scrapy's defaults only bound the crawl.
"""
import scrapy


class Hub(scrapy.Spider):
    name = "robots-crawl"
    custom_settings = {
        "ROBOTSTXT_OBEY": True,
        "DEPTH_LIMIT": 1,
        "RETRY_ENABLED": False,
        "DOWNLOAD_TIMEOUT": 5,
        "TELNETCONSOLE_ENABLED": False,
        "LOG_LEVEL": "INFO",
        "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
    }

    def __init__(self, start=None, **kwargs):
        super().__init__(**kwargs)
        self.start_urls = [start]

    def parse(self, response):
        if response.meta.get("depth", 0) >= 1:
            return
        for href in response.css("a::attr(href)").getall():
            yield scrapy.Request(response.urljoin(href), callback=self.parse, dont_filter=False)
